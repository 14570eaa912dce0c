#!/usr/bin/env bash
# The window under a real window manager: for each desktop size, start Xvfb and openbox, open the
# game, screenshot it as it opens, after xdotool resizes it (smaller, wider than 16:9, taller) and
# in full screen (F11), then after F11 again (the window back at its size and place, its minimum
# kept: window-after-fullscreen). Needs: apt-get install -y xvfb xdotool openbox imagemagick
#   bash tools/window_check.sh OUT_DIR [PYTHON]
# WINDOW_CHECK_DISPLAY (default :97) and WINDOW_CHECK_DESKTOPS ("960x540 1280x720 ...") choose.
set -euo pipefail
out=${1:?usage: window_check.sh OUT_DIR [PYTHON]}
python=${2:-python}
mkdir -p "$out"
display=${WINDOW_CHECK_DISPLAY:-:97}
for desktop in ${WINDOW_CHECK_DESKTOPS:-960x540 1280x720 1280x800 1920x1080 2560x1440}; do
  data=$(mktemp -d)
  Xvfb $display -screen 0 "${desktop}x24" -nolisten tcp >/dev/null 2>&1 & xvfb=$!
  sleep 1
  DISPLAY=$display openbox >/dev/null 2>&1 & wm=$!
  sleep 1
  env -u SDL_VIDEODRIVER DISPLAY=$display SDL_AUDIODRIVER=dummy "$python" main.py --windowed --data-dir "$data" --lang en >/dev/null 2>&1 & game=$!
  window=""
  for _ in $(seq 40); do
    window=$(DISPLAY=$display xdotool search --onlyvisible --pid "$game" 2>/dev/null | head -1 || true)
    [ -n "$window" ] && break
    sleep 0.5
  done
  sleep 2
  DISPLAY=$display import -window root "$out/desktop-$desktop-opened.png"
  echo "$desktop opened: $(DISPLAY=$display xdotool getwindowgeometry "$window" | tr '\n' ' ')"
  for size in 640x360 900x700 1200x500; do
    DISPLAY=$display xdotool windowsize "$window" "${size%x*}" "${size#*x}"
    sleep 1.5
    DISPLAY=$display import -window root "$out/desktop-$desktop-window-$size.png"
    echo "$desktop resized to $size: $(DISPLAY=$display xdotool getwindowgeometry "$window" | grep Geometry)"
  done
  DISPLAY=$display xdotool windowactivate --sync "$window" key F11 || DISPLAY=$display xdotool key --window "$window" F11
  sleep 2
  DISPLAY=$display import -window root "$out/desktop-$desktop-fullscreen.png"
  DISPLAY=$display xdotool windowactivate --sync "$window" key F11 || DISPLAY=$display xdotool key --window "$window" F11
  sleep 2
  DISPLAY=$display import -window root "$out/desktop-$desktop-window-after-fullscreen.png"
  echo "$desktop after full screen: $(DISPLAY=$display xdotool getwindowgeometry "$window" | grep Geometry)"
  kill "$game" "$wm" "$xvfb" 2>/dev/null || true
  wait "$game" "$wm" "$xvfb" 2>/dev/null || true
  rm -rf "$data"
done
