#!/usr/bin/env bash
# Online play as a player sees it: the game in a real window under Xvfb and openbox hosts a
# three-seat table through Play online (keys sent by xdotool), fills two seats with bots, copies
# the codes (the lobby's Copy codes, read back with xclip), and a second game process watches the
# table with the watch code while the player in the window plays every decision with H, H (the
# hint, then the hint played). Screenshots on the way; the spectator's verdict at the end.
# Needs: apt-get install -y xvfb xdotool openbox imagemagick xclip
#   bash tools/online_window_check.sh OUT_DIR [PYTHON]
set -euo pipefail
out=${1:?usage: online_window_check.sh OUT_DIR [PYTHON]}
python=${2:-python}
mkdir -p "$out"
display=${ONLINE_CHECK_DISPLAY:-:96}
data=$(mktemp -d)
Xvfb $display -screen 0 1280x720x24 -nolisten tcp >/dev/null 2>&1 & xvfb=$!
sleep 1
DISPLAY=$display openbox >/dev/null 2>&1 & wm=$!
sleep 1
env -u SDL_VIDEODRIVER DISPLAY=$display SDL_AUDIODRIVER=dummy "$python" main.py --windowed --data-dir "$data" --lang en >"$out/game.log" 2>&1 & game=$!
spectator=""
cleanup() {
  kill $game $wm $xvfb ${spectator:+$spectator} 2>/dev/null || true
  rm -rf "$data"
}
trap cleanup EXIT
window=""
for _ in $(seq 60); do
  window=$(DISPLAY=$display xdotool search --onlyvisible --pid "$game" 2>/dev/null | head -1 || true)
  [ -n "$window" ] && break
  sleep 0.5
done
[ -n "$window" ] || { echo "no window"; exit 1; }
DISPLAY=$display xdotool windowactivate --sync "$window" 2>/dev/null || true
sleep 2
press() { DISPLAY=$display xdotool key --window "$window" "$@"; sleep 0.5; }
shot() { DISPLAY=$display import -window root "$out/$1.png"; }
shot online-window-title
press Down Down Return        # New game, Solo, Play online
sleep 1
shot online-window-play-online
press shift+Tab shift+Tab shift+Tab Right   # from Host to the seats: three
press Tab Tab Tab Return      # Host
sleep 2
shot online-window-lobby
press Right Tab Right         # seats 2 and 3: easy bots
press Tab Tab Return          # Copy codes
sleep 1
codes=$(DISPLAY=$display xclip -o -selection clipboard 2>/dev/null || true)
echo "codes on the clipboard: $codes"
read -r address invite watch <<<"$codes"
[ -n "${watch:-}" ] || { shot online-window-no-codes; echo "no codes copied"; exit 1; }
env SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$python" main.py --watch-selftest "127.0.0.1:${address##*:}" "$watch" >"$out/spectator.log" 2>&1 & spectator=$!
sleep 2
press Tab Return              # Start
sleep 3
shot online-window-deal
press s s                     # the speed pill: 2x, then instant
for step in $(seq 1 1500); do
  kill -0 $spectator 2>/dev/null || break
  press h
  [ $((step % 100)) -eq 0 ] && shot "online-window-$step"
done
sleep 2
shot online-window-end
wait $spectator && verdict=0 || verdict=$?
cat "$out/spectator.log"
exit $verdict
