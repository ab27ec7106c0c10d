"""Guided mode on screen: the coach pane, the rules reference, the lesson list and the lesson screen."""
