"""Drives the table scenes for tests with real posted events, choosing from what the scene offers."""

from __future__ import annotations

import pygame

from game.goennen.actions import Buy, Complete, Place, Reroll, Write
from game.goennen.state import Phase
from scenes.app import App
from scenes.core.stack import Scene
from scenes.core.widgets import Button
from scenes.table.deal import DealScene
from scenes.table.spots import Spot
from scenes.table.turn import TurnScene

FRAME = 1 / 60


def step(app: App, frames: int = 1) -> None:
    for _ in range(frames):
        app.step(FRAME)


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    step(app, 2)


def key(app: App, code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    step(app, 2)


def top(app: App) -> Scene:
    scene = app.stack.top
    assert scene is not None
    return scene


def button(scene: TurnScene, name: str) -> Button | None:
    found = scene.controls.buttons.get(name)
    return found if found is not None and found.enabled and found.visible else None


def spots(scene: TurnScene | DealScene) -> list[Spot]:
    return [w for w in scene.focus.widgets if isinstance(w, Spot)]


def deal_move(app: App, scene: DealScene) -> None:
    state = scene.session.state
    rects = scene.hand_rects()
    if state.phase == Phase.SETUP_RETURN:
        click(app, rects[-1].center)
        return
    click(app, rects[0].center)  # pick the first card, then its first legal cell
    cells = [s for s in spots(scene) if s.card is None]
    click(app, cells[0].rect.center)


def turn_move(app: App, scene: TurnScene, tried: set[str]) -> None:
    """One human step, chosen like a plain player: complete, buy, write, else reroll or end."""
    choices = scene.choices
    assert choices is not None
    state = scene.session.state
    controls = scene.controls
    if state.phase == Phase.WILD:
        first = next(b for b in scene.controls.buttons.values() if b.enabled)
        click(app, first.rect.center)
        return
    if state.phase == Phase.PLACE:
        click(app, spots(scene)[0].rect.center)
        return
    if controls.mode == "write":
        if controls.selected is None:
            if choices.writes:
                click(app, scene.tray.die_rect(next(iter(choices.writes))).center)
                return
            for name in ("pass", "end"):
                if (b := button(scene, name)) is not None:
                    click(app, b.rect.center)
                    return
        fields = [s for s in spots(scene) if s.radius == 6]
        click(app, fields[0].rect.center)
        return
    if controls.mode == "proposal":
        if "other" not in tried and (b := button(scene, "other_dice")) is not None:
            tried.add("other")
            key(app, pygame.K_PAGEDOWN)  # cycle the proposed dice with a key
        confirm = button(scene, "confirm")
        assert confirm is not None
        click(app, confirm.rect.center)
        return
    if controls.mode == "confirm_end":
        b = button(scene, "end_anyway")
        assert b is not None
        click(app, b.rect.center)
        return
    if choices.completes:
        card = next(iter(choices.completes))
        placed = state.display(state.decider).find(card)
        assert placed is not None
        click(app, scene.main.rect_of(placed.pos).center)
        return
    if choices.buys:
        slot = next(iter(choices.buys))
        click(app, scene.market.slot_rect(*slot).center)
        return
    if choices.can_reroll:
        # keep the most common face on the construction site, reroll the rest
        faces = [state.dice[c.slot] for c in scene.tray.in_tray()]
        best = max(set(faces), key=faces.count) if faces else 0
        for colour in list(scene.tray.in_tray()):
            if state.dice[colour.slot] == best and colour not in scene.tray.kept:
                click(app, scene.tray.die_rect(colour).center)
        b = button(scene, "reroll")
        if b is None:  # everything kept: put one die back
            click(app, scene.tray.die_rect(next(iter(scene.tray.kept))).center)
            b = button(scene, "reroll")
        assert b is not None
        click(app, b.rect.center)
        return
    for name in ("end", "chance_write"):
        if (b := button(scene, name)) is not None:
            click(app, b.rect.center)
            return
    raise AssertionError(f"nothing to do in {state.phase} with {choices.legal}")


def human_actions(scene: TurnScene | DealScene, seat: int) -> list[type]:
    return [type(entry.action) for entry in scene.session.log if entry.seat == seat]


__all__ = ["Buy", "Complete", "Place", "Reroll", "Write", "human_actions"]
