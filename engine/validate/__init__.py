"""The independent validator: any pairing checked against the rules, sharing no code with the pairing systems.

It imports the model only (the recorded history, the catalogue's traits and
the shared words of ``engine.model.terms``); colour preferences, floats and
score groups are recomputed here from the articles so that a mistake in the
pairing code cannot hide itself by being repeated in the checker.
``check.validate`` is the entry; ``tests/test_import_rules.py`` keeps the rule.
"""
