"""The application around the rules: everything the player sees, and the data kept between games.

model/    the application without pygame (sessions, progress, settings, solo booking, games)
core/     screen infrastructure every game shares (stack, tweens, widgets, routing, i18n, ...)
render/   cards, dice, icons and shapes
menus/ table/ solo/    the screens, one scene per file; a second game's go in their own package
routes.py the route table: which scene serves each route (screens never import each other)
app.py    the window, the frame loop and App.go(route, ...)
"""
