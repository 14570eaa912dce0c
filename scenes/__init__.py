"""The application around the rules: everything the player sees, and the data kept between games.

model/    the application without pygame (sessions, progress, settings, solo booking, games,
          the archive, the tutorial's script, online play's line and host mode)
core/     screen infrastructure every game shares (stack, tweens, widgets, routing, i18n, ...)
render/   cards, dice, score sheets, icons and shapes
menus/    the menus both games share: title, new game, Continue, settings, rules, pause
table/ solo/ tutorial/    the first game's screens, one scene per file
penk/     Penk!'s screens
history/  the archive of both games: its list, replays, review and statistics
online/   Play online, the lobby, and the online table around either game's table screen
routes.py the route table: which scene serves each route (screens never import each other)
app.py    the window, the frame loop and App.go(route, ...)
startup.py crash.py    --smoke and the start clock; a fatal error's message box and log
"""
