"""Screen infrastructure shared by every game's screens: the scene stack, tweens and the fade,
intents (the only reader of pygame events), widgets and the menu base, routing, layouts, fonts,
theme, sounds, translations and shipped resources. Nothing here knows a particular screen."""
