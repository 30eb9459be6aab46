"""The models a session may choose from, each opened only when a session first needs it."""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from graph.models.factory import ModelProfile, Models

if TYPE_CHECKING:
    from graph.models.downloaded import DownloadedModels


@dataclass(frozen=True)
class ModelOption:
    """A model a person can pick: the name its session stores, what to call it, and whether it runs here."""

    name: str
    label: str
    bundled: bool = False


class ModelCatalog:
    """Which models there are, what each can do, and how to open one; `default` answers sessions that chose none."""

    default: str = ""
    downloads: "DownloadedModels | None" = None  # the models downloaded here, where the catalog serves them

    def options(self) -> list[ModelOption]:
        """Every model a session may choose now, the bundled one first."""
        raise NotImplementedError

    def profile(self, name: str) -> ModelProfile:
        """What a model can do, known without opening it (the bundled server need not run for its profile)."""
        raise NotImplementedError

    def open(self, name: str) -> Models:
        """The clients of a model, made when a session first runs on it."""
        raise NotImplementedError

    def current(self, name: str, models: Models) -> bool:
        """Whether clients opened for a model still reach it (a downloaded model's server stops when another
        downloaded model is opened); a room whose clients do not is built again."""
        return True

    def found_here(self) -> list[str]:
        """The models of the model servers found on this machine, by label (none where nothing is looked for)."""
        return []

    def resolve(self, name: str) -> str:
        """The model a session with this choice runs on: its own while it is offered, else the default."""
        return name if name and any(option.name == name for option in self.options()) else self.default

    def close(self) -> None:
        """Stop whatever the catalog started (a model server opened for a session)."""


class FixedCatalog(ModelCatalog):
    """Models given up front (tests, benchmarks, scripts); the first is the default."""

    def __init__(self, models: Mapping[str, Models]) -> None:
        self.models = dict(models)
        self.default = next(iter(self.models))

    def options(self) -> list[ModelOption]:
        options = [ModelOption(name, name, models.profile.provider == "bundled")
                   for name, models in self.models.items()]
        return sorted(options, key=lambda option: not option.bundled)

    def profile(self, name: str) -> ModelProfile:
        return self.models[name].profile

    def open(self, name: str) -> Models:
        return self.models[name]
