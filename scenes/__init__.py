"""The application around the rules: everything the player sees, and the data kept between games.

model/    the application without pygame (sessions, progress, settings, solo booking, games,
          the archive, the tutorial's script, online play's line and host mode)
core/     screen infrastructure every game shares (stack, tweens, widgets, routing, i18n, ...)
render/   cards, dice, icons and shapes
menus/ table/ solo/ history/ tutorial/    the first game's screens, one scene per file
penk/     Penk!'s screens
online/   Play online, the lobby, and the online table around either game's table screen
routes.py the route table: which scene serves each route (screens never import each other)
app.py    the window, the frame loop and App.go(route, ...)
"""
