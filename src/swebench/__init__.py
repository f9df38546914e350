"""Compatibility namespace: graders written for the original harness import from here."""
