"""The Textual app: screens, widgets and key bindings over the rules engines."""
