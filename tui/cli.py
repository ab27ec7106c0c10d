"""Command-line entry point (placeholder until the app lands)."""

def main(argv: list[str] | None = None) -> int:
    print("redemption-tui: the app is not built yet")
    return 0
