"""The corpus config `artifactbench.toml`: task roots, extra categories, set dirs and the runs dir."""

from artifactbench.config._find import corpus_config_for, extra_categories_for, find_config
from artifactbench.config._load import ConfigError, load_config
from artifactbench.config._model import CONFIG_NAME, CONFIG_VERSION, CorpusConfig
from artifactbench.config._schema import config_json_schema

__all__ = [
    "CONFIG_NAME",
    "CONFIG_VERSION",
    "ConfigError",
    "CorpusConfig",
    "config_json_schema",
    "corpus_config_for",
    "extra_categories_for",
    "find_config",
    "load_config",
]
