"""The app's screens: title, new game, resume, game, help, hand-off, confirm, choice, too small."""
