"""`python -m artifactbench ...` runs the CLI."""

from artifactbench.cli import console

if __name__ == "__main__":
    console()
