"""Real Redemption cards the engine enforces: one data file per deck or set batch (``g10.toml``: the 10th Anniversary
G starter), each card its facts as the card file keys them (Name + Set) and our own script of its abilities in the
ability language; never its printed ability or flavour text (``tests/test_no_printed_text.py``). The loader
(:mod:`rules.redemption.cards`) reads every ``*.toml`` file here; a card naming a word the language does not hold
is refused when the data loads; a card not in any file is not enforced."""
