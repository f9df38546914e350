"""The harness version, recorded on every report and run record."""

__version__ = "0.1.0"
