"""What the deal and turn scenes share (and Penk!'s table, scenes/penk/table.py): the session they
drive, the game moving on (chance and bots) paced at the chosen animation speed, the pause menu's
hooks, a notice line for refusals, zoom on a card, and tooltips on what the pointer or the
keyboard/gamepad focus is on."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.goennen.engine import Card, Phase
from scenes.core import file_notices, fonts, theme
from scenes.core.confirm import Confirmation, ask
from scenes.core.file_notices import GAME
from scenes.core.i18n import t
from scenes.core.intents import Action, Intent
from scenes.core.routing import ModeRoutes, PauseHooks, Resignation
from scenes.core.stack import Scene
from scenes.core.tooltip import Tip, Tooltip, focus_tip
from scenes.core.widgets import FocusGroup, Widget
from scenes.menus.slot_words import players_words, solo_words
from scenes.model.gameconfig import GameConfig
from scenes.model.hints import without_hints
from scenes.model.session import GameSession
from scenes.model.settings import ANIMATION_SPEEDS
from scenes.model.slots import make_room, table_round
from scenes.render import score_sheet
from scenes.table.opening import stage
from scenes.table.spots import Spot

if TYPE_CHECKING:
    from scenes.core.stack import Host

SETUP_PHASES = frozenset({Phase.SETUP_RETURN, Phase.SETUP_PLACE})
# The least time a bot's step stays on screen before the next one (at Normal speed; 2x halves it,
# instant and a click skip it): long enough to read its pop-up and see what changed.
BOT_STEP_SECONDS = 1.1
# A step that uses dice (complete, buy, write) lasts longer: the dice are marked, then fly.
BOT_DICE_STEP_SECONDS = 1.6
NOTICE_SECONDS = 4.0
NOTICE_WIDTH = 420  # a refusal wraps within this width
ZOOM_DWELL = 0.35  # hover this long over a card to see it large
SPEED_WIDTH = 250  # the speed pill at the header's right end
NAVIGATION = frozenset({Action.UP, Action.DOWN, Action.LEFT, Action.RIGHT, Action.NEXT, Action.PREVIOUS})
INSTANT_STEPS = 60  # at instant speed, game steps taken per frame at most
STEP_BUDGET = 0.006  # seconds of game steps per frame, so a frame stays short


class TableBase(Scene):
    def __init__(self, app: Host, session: GameSession) -> None:
        super().__init__(app)
        self.session = session
        self.after_game = app.mode_routes(session.context.get("mode")).after_game  # a route or None
        self.waiting = 0  # running pacing timers; the game moves on when none is left
        self.notice_text: Callable[[], str] | None = None  # told when drawn: follows the language
        self.notice_near: pygame.Rect | None = None  # where the player looked (the field clicked)
        self.notice_time = 0.0
        self.notice_top = 0  # a refusal above the thing clicked stays below this line (the prompt's)
        self.zoom_card: Card | None = None
        self.zoom_values: tuple[int | None, ...] = ()
        self.zoom_anchor: pygame.Rect | None = None
        self.hover_time = 0.0
        self.left = False
        self.shown_save_problem = session.save_problem  # a failed save is shown once per attempt
        self.tooltip = Tooltip()
        self.tip_source: FocusGroup | None = None  # the tip follows this group's focus (keys, pad)
        self.zoom_rect: pygame.Rect | None = None  # where the zoomed card was drawn: tips keep clear
        self.notice_rect: pygame.Rect | None = None  # where the refusal was drawn (drawn last)
        self.pointer: tuple[int, int] | None = None  # where the pointer last moved to, over
        self.pointer_focus: FocusGroup | None = None  # which controls (a stale tip is closed)
        self.moved = False  # the game moved during this frame's update (see advance)

    # -- pacing ----------------------------------------------------------------------------------
    def hold(self, seconds: float) -> None:
        """Let an animation be seen: the game waits `seconds` (scaled by the speed setting)."""
        self.waiting += 1
        self.tweens.after(seconds, self._release)

    def _release(self) -> None:
        self.waiting = max(0, self.waiting - 1)

    @property
    def paced(self) -> bool:
        return self.waiting > 0

    def skip(self) -> None:
        """A click or a key while bots or dice move: finish what is shown now."""
        self.tweens.skip()
        self.waiting = 0

    # -- the game moving on: chance and bots, shown by the scene ----------------------------------
    def move_game(self, held: bool = False) -> None:
        """Let chance and bots play: one step a frame, each shown and paced (`held`: the scene's own
        animation must end first), or at instant speed as many as fit in STEP_BUDGET."""
        instant = self.app.settings.animation_speed == "instant"
        started = time.perf_counter()
        self.moved = False
        for _ in range(INSTANT_STEPS if instant else 1):
            if time.perf_counter() - started > STEP_BUDGET:
                break
            if self.paced or held and not instant or not self.advance():
                break
            if instant:
                self.tweens.skip()
                self.waiting = 0

    def advance(self) -> bool:
        """One step of chance or of a bot, if one is due and ready; whether the game moved."""
        session = self.session
        if self.follow():
            return False
        if session.turn.kind == "chance":
            before = session.view
            action = session.resolve_chance()
            self.show_chance(before, action)
            self.moved = True
            return True
        if session.bot_to_decide:
            if self.moved and not session.thinking:
                # the game moved this frame: let this frame rebuild and draw the new picture
                # before the next bot starts thinking, or its worker thread holds the GIL in
                # turns with the redraw and the frame takes several times its CPU time
                return False
            before = session.view
            seat = session.decider
            played = session.poll_bot()
            if played is None or seat is None:
                return False
            self.show_move(before, played, seat, bot=True)
            self.moved = True
            return True
        return False

    def show_chance(self, before: Any, action: Any) -> None:
        """Show a chance event the session just resolved (the scene animates it)."""
        raise NotImplementedError

    def show_move(self, before: Any, action: Any, seat: int, bot: bool) -> None:
        """Show a seat's move where it happened."""
        raise NotImplementedError

    # -- moving between the table's scenes -----------------------------------------------------------
    def follow(self) -> bool:
        """Replace this scene when the game moved to another stage (deal -> turns -> scoring)."""
        target = stage(self.session)
        if target == self.name or self.left:
            return False
        self.left = True
        self.app.go("table", self.session, how="replace", fade=target != "scoring")
        return True

    # -- pause -----------------------------------------------------------------------------------
    def open_pause(self) -> None:
        self.app.play("click")
        restart = self.restart if self.mode.can_restart else None
        resign = self.resign if self.mode.can_resign else None
        self.app.stack.push(self.app.scene("pause", PauseHooks(self.save_and_quit, restart, resign)))

    @property
    def mode(self) -> ModeRoutes:
        """What the game's mode (solo, campaign, watch, or a plain game) changes here."""
        routes: ModeRoutes = self.app.mode_routes(self.session.context.get("mode"))
        return routes

    def save_and_quit(self) -> None:
        problem = self.session.save()
        if problem is not None:
            self.app.notice = file_notices.not_saved(GAME, problem)
        self.app.go("title", how="reset")

    def restart(self) -> None:
        """Pause -> Restart: after a confirmation naming the game that would be lost."""
        if not self.mode.can_restart:  # a campaign level is played once
            return
        ask(
            self.app,
            Confirmation(
                lambda: t("confirm.restart.question", game=self._game_words()),
                "confirm.restart.yes",
                self._restart_now,
            ),
        )

    def _restart_now(self) -> None:
        old = self.session
        make_room(old.save_path)  # the replaced game goes into the archive, as New game does
        config = GameConfig(old.seats, old.first_seat)
        session = GameSession.start(
            config,
            solo_level=old.solo_level,
            save_path=old.save_path,
            context=without_hints(old.context),
        )
        self.app.go("table", session, how="replace")

    def resign(self) -> None:
        """Pause -> Resign: after a confirmation, the game ends with the scores as they stand."""
        key = "confirm.resign.question" if self.mode.resign is None else "confirm.resign.question_lost"
        ask(
            self.app,
            Confirmation(lambda: t(key, game=self._game_words()), "confirm.resign.yes", self._resign_now),
        )

    def _resign_now(self) -> None:
        if self.mode.resign is not None:  # a solo or campaign game is booked as played and lost
            self.app.go(self.mode.resign, self.session, how="replace")
            return
        self.app.go("table-resigned", self.session, Resignation(), how="replace")

    def _game_words(self) -> str:
        state = self.session.view
        shown = table_round(state)
        if self.session.context.get("mode") in ("solo", "campaign") and state.config.solo_level:
            return solo_words(state.config.solo_level, shown)
        return players_words(tuple(seat.name for seat in self.session.seats), shown)

    # -- notices and zoom ------------------------------------------------------------------------
    def refuse(self, message: Callable[[], str], near: pygame.Rect | None = None) -> None:
        """Say why something did not happen, next to `near` if given (else in the notice line)."""
        self.notice_text = message
        self.notice_near = near.copy() if near is not None else None
        self.notice_time = NOTICE_SECONDS
        self.app.request_draw()

    @property
    def notice(self) -> str:
        return self.notice_text() if self.notice_text is not None else ""

    def update(self, dt: float) -> None:
        super().update(dt)
        problem = self.session.save_problem
        if problem is not None and problem is not self.shown_save_problem:
            # play goes on; the next action tries again
            self.refuse(lambda: file_notices.not_saved(GAME, problem))
        self.shown_save_problem = problem
        if self.notice_time > 0:
            self.notice_time -= dt
            if self.notice_time <= 0:
                self.notice_text = self.notice_near = None
                self.app.request_draw()
        if self.zoom_anchor is not None and self.hover_time < ZOOM_DWELL:
            self.hover_time += dt
            if self.hover_time >= ZOOM_DWELL:
                self.app.request_draw()
        if self.tip_source is not None:
            widget = self.tip_source.focused
            self.tooltip.point(self.tip_for(widget.rect.center, widget) if widget is not None else None)
        elif self.tooltip.tip is not None and self.pointer is not None and self.pointer_focus is not None:
            self.close_stale_tip(self.pointer, self.pointer_focus)
        if self.tooltip.update(dt):
            self.app.request_draw()

    # -- tooltips --------------------------------------------------------------------------------
    def tip_at(self, point: tuple[int, int]) -> Tip | None:
        """The tip of the thing drawn at `point` (a die, a field, a card ...); the scenes say."""
        return None

    def tip_for(self, point: tuple[int, int], widget: Widget | None) -> Tip | None:
        """A button's own text; on a spot or beside the controls, the thing at `point`."""
        if widget is not None and not isinstance(widget, Spot):
            return focus_tip(widget)
        return self.tip_at(point) or (focus_tip(widget) if isinstance(widget, Spot) else None)

    def close_stale_tip(self, point: tuple[int, int], focus: FocusGroup) -> None:
        """The pointer rests but the table changed under it (a bot played, a button went): the tip
        follows what is at the pointer now, and closes when its thing is gone."""
        shown = self.tooltip.tip
        now = self.tip_for(point, focus.widget_at(point))
        if shown is not None and (now is None or now.key != shown.key or now.rect != shown.rect):
            self.tooltip.point(now)
            self.app.request_draw()

    def observe_tip(self, intent: Intent, focus: FocusGroup) -> None:
        """Call first in `handle`: the pointer's tip as it moves, the focus's after keys or pad
        buttons move it, none once the player acts."""
        action = intent.action
        if action == Action.POINTER_MOVE and intent.pos is not None:
            self.tip_source = None
            self.pointer, self.pointer_focus = intent.pos, focus
            self.tooltip.point(self.tip_for(intent.pos, focus.widget_at(intent.pos)))
        elif action in NAVIGATION:
            self.tip_source = focus
        elif action in (Action.POINTER_DOWN, Action.CONFIRM, Action.BACK, Action.MENU):
            self.tip_source = None
            self.tooltip.hide()

    def set_zoom(
        self,
        card: Card | None,
        values: tuple[int | None, ...] = (),
        anchor: pygame.Rect | None = None,
        at_once: bool = False,
    ) -> None:
        if card is not self.zoom_card:
            self.hover_time = ZOOM_DWELL if at_once else 0.0
            self.app.request_draw()
        self.zoom_card, self.zoom_values = card, values
        self.zoom_anchor = anchor if card is not None else None

    def draw_hover(self, surface: pygame.Surface) -> None:
        """What hovering or focusing shows, over everything: the zoomed card, then the tooltip."""
        self.draw_zoom(surface)
        self.tooltip.draw(surface, [self.zoom_rect] if self.zoom_rect is not None else [])

    def draw_zoom(self, surface: pygame.Surface) -> None:
        self.zoom_rect = None
        if self.zoom_card is None or self.zoom_anchor is None or self.hover_time < ZOOM_DWELL:
            return
        glyphs = self.app.settings.colour_glyphs
        self.zoom_rect = score_sheet.draw_zoomed(
            surface, self.zoom_card, self.zoom_values, self.zoom_anchor, glyphs
        )

    def draw_notice(
        self, surface: pygame.Surface, area: pygame.Rect, keep_clear: Sequence[pygame.Rect] = ()
    ) -> None:
        """The refusal in a red box: above the thing the player clicked, else centred in `area`;
        moved above (else below) what it would cover of `keep_clear` (a guide's words). Drawn last,
        so nothing covers it."""
        self.notice_rect = None
        text = self.notice
        if not text:
            return
        width = min(area.width, NOTICE_WIDTH)
        fitted = fonts.block(text, 20, (width - 30, 3 * 24), theme.WHITE, "bold", "center")
        if fitted is None:
            return
        label = fitted.surface
        box = label.get_rect().inflate(30, 16)
        if self.notice_near is not None:
            box.midbottom = (self.notice_near.centerx, self.notice_near.top - 8)
            if box.top < max(8, self.notice_top):  # no room above: below it
                box.midtop = (self.notice_near.centerx, self.notice_near.bottom + 8)
        else:
            box.center = area.center
        screen = surface.get_rect().inflate(-8, -8)
        box.clamp_ip(screen)
        for other in keep_clear:
            if box.colliderect(other):
                box.bottom = other.top - 8
                if box.top < screen.top:
                    box.top = other.bottom + 8
                box.clamp_ip(screen)
        pygame.draw.rect(surface, theme.WARNING, box, border_radius=12)
        surface.blit(label, label.get_rect(center=box.center))
        self.notice_rect = box

    def handle_common(self, intent: Intent) -> bool:
        """Escape / Start open the pause menu; S or a click on the speed pill changes the speed
        (also while bots play, when other clicks only skip the animation)."""
        if intent.action in (Action.BACK, Action.MENU):
            self.open_pause()
            return True
        rect = self.speed_rect()
        on_pill = rect is not None and intent.pos is not None and rect.collidepoint(intent.pos)
        if intent.action == Action.SPEED or (on_pill and intent.action == Action.POINTER_UP):
            self.cycle_speed()
            return True
        # the press belongs to the pill, not to the table below it
        return on_pill and intent.action == Action.POINTER_DOWN

    # -- animation speed ---------------------------------------------------------------------------
    def speed_rect(self) -> pygame.Rect | None:
        """Where the speed pill sits (the scene's header), or None where there is none."""
        return None

    def cycle_speed(self) -> None:
        """1x -> 2x -> instant -> 1x, saved to the settings like the Settings screen does."""
        speeds = ANIMATION_SPEEDS
        current = self.app.settings.animation_speed
        following = speeds[(speeds.index(current) + 1) % len(speeds)] if current in speeds else speeds[0]
        self.app.play("click")
        self.app.change_settings(animation_speed=following)
        if following == "instant":
            self.skip()
        self.app.request_draw()

    def draw_speed(self, surface: pygame.Surface) -> None:
        rect = self.speed_rect()
        if rect is None:
            return
        speed = t(f"settings.speed.{self.app.settings.animation_speed}")
        text = t("table.speed", speed=speed)
        pygame.draw.rect(surface, (18, 54, 47), rect, border_radius=rect.height // 2)
        pygame.draw.rect(surface, theme.FOCUS, rect, 2, border_radius=rect.height // 2)
        fitted = fonts.line(text, 17, rect.width - 20, theme.CREAM, "bold", "center")
        if fitted is not None:
            surface.blit(fitted.surface, fitted.surface.get_rect(center=rect.center))

    @property
    def animating(self) -> bool:
        # bots think on a worker thread and chance is resolved in update: frames must keep coming
        # until a human is to decide; then only tweens and timers need them
        session = self.session
        dwelling = self.zoom_anchor is not None and self.hover_time < ZOOM_DWELL
        return (
            self.tweens.active
            or session.over
            or not session.human_to_decide
            or self.notice_time > 0
            or dwelling
            or self.tooltip.waiting
        )
