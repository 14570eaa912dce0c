"""Render every screen headless into PNG files.

    python -m tools.screenshots --out DIR [--lang en|de|nl]

SHOTS maps a file name to a function that draws it; a later screen registers one more entry
(`SHOTS["table"] = shot_table`). Each shot runs in a fresh App with its own empty data folder, so
the pictures never depend on the machine's own settings or saves.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from scenes.app import App  # noqa: E402
from tools import (  # noqa: E402
    advice_shots,
    check_shots,
    guard_shots,
    hint_shots,
    history_shots,
    odds_shots,
    online_shots,
    penk_help_shots,
    penk_shots,
    slot_shots,
    solo_shots,
    table_shots,
    tutorial_shots,
    window_shots,
)

Shot = Callable[[App], pygame.Surface]
FRAME = 1 / 60


def settle(app: App, seconds: float = 2.0) -> None:
    """Run frames until transitions and animations have finished (bounded)."""
    for _ in range(int(seconds / FRAME)):
        app.step(FRAME)
        if not app.stack.animating:
            break
    app.draw()


def shot_title(app: App) -> pygame.Surface:
    settle(app, 3.0)
    return app.screen


def _open(app: App, scene: object) -> pygame.Surface:
    from scenes.core.stack import Scene

    assert isinstance(scene, Scene)
    app.go(scene, fade=False)
    settle(app)
    return app.screen


def shot_newgame(app: App) -> pygame.Surface:
    from scenes.menus.newgame import NewGameScene

    return _open(app, NewGameScene(app))


def shot_settings(app: App) -> pygame.Surface:
    from scenes.menus.settings import SettingsScene

    return _open(app, SettingsScene(app))


def shot_rules(app: App) -> pygame.Surface:
    from scenes.menus.rules import RulesScene

    return _open(app, RulesScene(app, page=3))


def shot_pause(app: App) -> pygame.Surface:
    from scenes.core.routing import PauseHooks
    from scenes.menus.pause import PauseScene

    def nothing() -> None:
        return None

    settle(app, 3.0)
    app.stack.push(PauseScene(app, PauseHooks(save_and_quit=nothing, restart=nothing, resign=nothing)))
    settle(app)
    return app.screen


def shot_cards(app: App) -> pygame.Surface:
    """Every card of the deck on one sheet, at display size, with a few written values."""
    from game.goennen.engine import standard_deck
    from scenes.core import fonts, theme
    from scenes.render.cards import DISPLAY, render_card
    from scenes.render.shapes import felt_backdrop

    cards = standard_deck().cards
    columns, gap, margin, caption = 10, 18, 30, 22
    rows = (len(cards) + columns - 1) // columns
    width = margin * 2 + columns * DISPLAY[0] + (columns - 1) * gap
    height = margin * 2 + rows * (DISPLAY[1] + caption) + (rows - 1) * gap
    sheet = pygame.transform.smoothscale(felt_backdrop(), (width, height))
    for index, card in enumerate(cards):
        row, column = divmod(index, columns)
        x = margin + column * (DISPLAY[0] + gap)
        y = margin + row * (DISPLAY[1] + caption + gap)
        sheet.blit(render_card(card, DISPLAY), (x, y))
        caption_text = f"{card.id}  {card.task.text()}"
        label = fonts.text(
            caption_text, fonts.fit_size(caption_text, 13, DISPLAY[0], smallest=8), theme.CREAM
        )
        sheet.blit(label, (x + 2, y + DISPLAY[1] + 4))
    return sheet


def shot_card_sizes(app: App) -> pygame.Surface:
    """Three cards at each table size: blank, part-filled, and completed with used marks."""
    from game.goennen.engine import standard_deck
    from scenes.render.cards import SIZES, render_card
    from scenes.render.shapes import felt_backdrop

    deck = standard_deck()
    examples = (("S07", (), 0, False), ("S18", (6, 5, 4), 0, False), ("B01", (5, 5, 2), 2, True))
    row_height = max(height for _, height in SIZES) + 30
    sheet = pygame.transform.smoothscale(felt_backdrop(), (1280, row_height * len(examples) + 20))
    for row, (card_id, values, used, done) in enumerate(examples):
        x = 40
        for size in SIZES:
            surface = render_card(deck[card_id], size, values, used, done)
            sheet.blit(surface, (x, 30 + row * row_height + (SIZES[-1][1] - size[1])))
            x += size[0] + 40
    return sheet


def shot_dice_rolling(app: App) -> pygame.Surface:
    """The dice caught in the middle of a throw, on the felt."""
    from scenes.core import theme
    from scenes.core.tween import Tweens
    from scenes.render.dice import DiceRoll
    from scenes.render.shapes import felt_backdrop, rounded_panel

    surface = felt_backdrop().copy()
    tray = pygame.Rect(140, 160, 1000, 400)
    rounded_panel(surface, tray, (18, 52, 46), radius=30, border=(44, 96, 84), border_width=4, shadow=20)
    tweens = Tweens()
    roll = DiceRoll(tray.inflate(-160, -120), size=110)
    roll.roll((6, 2, 5, 3, 4), tweens, seed=11)
    tweens.update(0.62)  # mid-roll: landing, spinning, faces still changing
    roll.draw(surface)
    del theme
    return surface


SHOTS: dict[str, Shot] = {
    "title": shot_title,
    "newgame": shot_newgame,
    "settings": shot_settings,
    "rules": shot_rules,
    "pause": shot_pause,
    "cards": shot_cards,
    "card-sizes": shot_card_sizes,
    "dice-rolling": shot_dice_rolling,
    "solo-card": solo_shots.shot_solo_card,
    "solo-end": solo_shots.shot_solo_end,
    "campaign": solo_shots.shot_campaign,
    "campaign-triumph": solo_shots.shot_campaign_triumph,
    "solo-passive": solo_shots.shot_solo_passive,
}
SHOTS.update(table_shots.SHOTS)  # the table's shots; "pause" now shows the menu over a game
SHOTS.update(slot_shots.SHOTS)  # the Continue list and the confirmations
SHOTS.update(window_shots.SHOTS)  # a tooltip; the title in windows of three sizes
SHOTS.update(penk_shots.SHOTS)  # Penk!'s New game, table and final score
SHOTS.update(history_shots.SHOTS)  # the archive, a replay, the statistics
SHOTS.update(tutorial_shots.SHOTS)  # the guided first game, six steps
SHOTS.update(hint_shots.SHOTS)  # the hint with its sentence, "why not?" on a field
SHOTS.update(odds_shots.SHOTS)  # the odds at the table: the human's turn, a passive write
SHOTS.update(penk_help_shots.SHOTS)  # Penk!'s hint, odds and "why not?"
SHOTS.update(advice_shots.SHOTS)  # issue 33: the advice agreeing, the rough edges fixed
SHOTS.update(online_shots.SHOTS)  # online play: join, watch, the lobby, the table, chat, a dropped line
SHOTS.update(guard_shots.SHOTS)  # a second copy of the game, a busy or hand-edited archive
SHOTS.update(check_shots.SHOTS)  # issue 37: "Check this game" on an archived online game


def take(out: Path, language: str, names: list[str] | None = None) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, shot in SHOTS.items():
        if names and name not in names:
            continue
        with tempfile.TemporaryDirectory() as data:
            app = App(data_dir=Path(data))
            app.change_settings(language=language)
            surface = shot(app)
            path = out / f"{name}.png"
            pygame.image.save(surface, str(path))
            written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Render each screen to DIR/<screen>.png, headless.")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--lang", choices=("en", "de", "nl"), default="en")
    parser.add_argument("--only", nargs="*", help="only these shots", choices=sorted(SHOTS))
    args = parser.parse_args(argv)
    for path in take(args.out, args.lang, args.only):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
