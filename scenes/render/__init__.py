"""Drawing from data: cards, dice, glyphs and the shared backdrop. No game rules here."""
