"""The guided first game: its table (the turn scene with the lessons over it), its final score
(the scoring explained, then a real game or the title) and how it is begun or resumed."""
