"""Solo play: the solo card (levels, ticks, best scores), the end of a solo game, the campaign, and
watching a bot play; play.py starts solo games and books them (scenes.model.solo_booking). The
route table (scenes/routes.py) sends solo, campaign and watch games back here when they end (also
after Continue); a campaign game cannot be restarted, and resigning it books it as lost."""
