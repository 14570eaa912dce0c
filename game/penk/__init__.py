"""Penk!, the second game on the table: its one door for screens, tools and tests.

    from game.penk import new_game, whose_turn, legal_actions, apply, parse, result, view
    from game.penk import PenkMatch, make_bot, decide

The vocabulary is the first game's, its shared part from the kit (game/kit/); docs/penk.md
describes the rules as played.
"""

from game.kit.errors import SetupError
from game.kit.reasons import IllegalActionError
from game.kit.turn import Turn
from game.penk import reasons as reasons  # first: every Penk! refusal is told (game/kit/reasons.py)
from game.penk.actions import Action, Circle, Cross, End, Reroll, Roll, parse
from game.penk.advice import Advice, Why, advise, same_turn
from game.penk.bots import Bot, HardBot
from game.penk.chance import chance_outcomes, sample_chance
from game.penk.dice import DICE, FACES, JOLLY, VALUES, dice_text, group_cell, sub_multisets, without
from game.penk.engine import Outcome, current_scores, new_game, result, view, whose_turn
from game.penk.evaluate import outlook
from game.penk.expert import ExpertBot, expert_outlook
from game.penk.levels import LEVELS, make_bot
from game.penk.match import PenkMatch, PenkSetup
from game.penk.odds import circle_chances, hand_chance, mark_values
from game.penk.odds import tables as odds_tables
from game.penk.play import DEFAULT_BUDGET, PenkRecord, decide, play_game
from game.penk.position import position_from_data
from game.penk.rules import apply, legal_actions, refusal
from game.penk.saves import (
    load_match,
    match_from_data,
    match_from_json,
    match_to_data,
    match_to_json,
    save_match,
)
from game.penk.scenarios import is_penk as is_penk_scenario
from game.penk.scenarios import run_file as run_scenario_file
from game.penk.scoring import SheetScore, winners
from game.penk.seats import (
    decision_window,
    read_sent_action,
    redact,
    view_from_data,
    view_to_data,
    window_seats,
)
from game.penk.sheet import ROW_VALUES, SIZE, Sheet, completed_lines, read_sheet
from game.penk.state import MAX_SEATS, MIN_SEATS, ROLLS_PER_TURN, Phase, State

__all__ = [
    "Advice",
    "Why",
    "advise",
    "same_turn",
    "DEFAULT_BUDGET",
    "HardBot",
    "ExpertBot",
    "ROLLS_PER_TURN",
    "mark_values",
    "circle_chances",
    "hand_chance",
    "outlook",
    "expert_outlook",
    "odds_tables",
    "sub_multisets",
    "without",
    "DICE",
    "LEVELS",
    "Bot",
    "PenkRecord",
    "decide",
    "is_penk_scenario",
    "load_match",
    "make_bot",
    "match_from_data",
    "match_from_json",
    "match_to_data",
    "match_to_json",
    "play_game",
    "run_scenario_file",
    "save_match",
    "FACES",
    "JOLLY",
    "MAX_SEATS",
    "MIN_SEATS",
    "ROW_VALUES",
    "SIZE",
    "completed_lines",
    "read_sheet",
    "VALUES",
    "Action",
    "Circle",
    "Cross",
    "End",
    "IllegalActionError",
    "Outcome",
    "PenkMatch",
    "PenkSetup",
    "Phase",
    "Reroll",
    "Roll",
    "SetupError",
    "Sheet",
    "SheetScore",
    "State",
    "Turn",
    "apply",
    "position_from_data",
    "refusal",
    "chance_outcomes",
    "current_scores",
    "dice_text",
    "group_cell",
    "legal_actions",
    "new_game",
    "parse",
    "result",
    "sample_chance",
    "view",
    "whose_turn",
    "winners",
    # what each seat may know (game/penk/seats.py)
    "decision_window",
    "read_sent_action",
    "redact",
    "view_from_data",
    "view_to_data",
    "window_seats",
]
