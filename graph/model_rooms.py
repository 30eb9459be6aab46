"""One graph and summary planner per model a session has chosen, so everything a model's capabilities decide (tools,
quoting, summaries, the window) follows the session's model; each is built on first use and kept."""

import threading
from collections.abc import Callable
from dataclasses import dataclass

from graph.builder import ChatGraph, build_graph
from graph.documents.store import DocumentStore
from graph.graph_config import GraphConfig
from graph.memory.extractive import ExtractiveSummarizer
from graph.memory.planner import SummaryPlanner
from graph.models import ModelProfile, Models
from graph.models.catalog import ModelCatalog
from graph.models.deadline import Deadlines
from graph.recall.index import RecallIndex
from graph.request.blocks import SLOW_READER_RECALL
from graph.request.report import fixed_request_tokens
from graph.settings import Settings
from graph.storage import Storage
from graph.tools.catalog import DEFAULT_TOOLS
from prompt.system import BASE_SYSTEM_PROMPT
from state.session import SessionSettings


@dataclass(frozen=True)
class ModelRoom:
    """A model and what runs on it: the graph its sessions' turns take and the planner their summaries come from."""

    name: str
    models: Models
    graph: ChatGraph
    planner: SummaryPlanner

    @property
    def local(self) -> bool:
        """Whether the bundled model answers here."""
        return self.models.profile.provider == "bundled"


def on_this_machine(room: ModelRoom) -> bool:
    """Whether a room's model runs on this machine's cores (the bundled one, a found or downloaded server), so
    work beside a person's reply would slow it."""
    return room.models.profile.provider != "remote"


def build_room(name: str, models: Models, settings: Settings, storage: Storage, documents: DocumentStore,
               recall: RecallIndex, found_here: Callable[[], list[str]] = list,
               offers_downloads: bool = False) -> ModelRoom:
    """The graph with the app's budgets for this model's window, and the summary planner it shares with the
    preparer: a model that cannot summarize has the text's own sentences kept instead (and its note names the
    models `found_here()` on this machine, and the download list when the page `offers_downloads`)."""
    tools, profile = DEFAULT_TOOLS, models.profile
    window = profile.context_window
    budget = settings.budget(window)
    summarizer = models.summary if profile.can_summarize else ExtractiveSummarizer()
    planner = SummaryPlanner(summarizer, storage, budget.summaries, window,
                             fixed_request_tokens(BASE_SYSTEM_PROMPT, tools if profile.tools else []),
                             budget.incremental_summary_chars, settings.summary_timeout,
                             facts=profile.structured_output, late_turns=settings.summary_late_turns)
    graph = build_graph(models.chat, models.summary, storage.saver, GraphConfig(
        tools=tools,
        tool_calling=profile.tools,
        retriever=documents,
        router_model=models.chat if profile.structured_output else None,
        planner=planner,
        recall=recall,
        recall_budget_tokens=budget.context,
        recall_new_tokens=SLOW_READER_RECALL if profile.provider == "bundled" else None,
        context_budget_tokens=budget.context,
        context_window=window,
        deadlines=Deadlines(first_token=settings.first_token_timeout, total=settings.reply_timeout),
        quotes_memory=not profile.can_summarize,  # a model that cannot summarize cannot read its memory
        writes=profile.written,
        other_models=found_here,
        offers_downloads=offers_downloads))
    return ModelRoom(name, models, graph, planner)


class ModelRooms:
    """The room of each model sessions run on: the default's from the start, another's made when a session first
    needs it; a name the catalog no longer offers gets the default's, and the session's choice stays stored."""

    def __init__(self, catalog: ModelCatalog, default: ModelRoom, build: Callable[[str, Models], ModelRoom]) -> None:
        self.catalog, self.default, self.build = catalog, default, build
        self._rooms = {default.name: default}
        self._lock = threading.Lock()  # one room built at a time; rooms already made are read without it

    def resolve(self, name: str) -> str:
        """The model a session with this choice runs on now."""
        return self.default.name if not name or name == self.default.name else self.catalog.resolve(name)

    def room(self, name: str) -> ModelRoom:
        """The room of the model a session with this choice runs on, built on first use."""
        name = self.resolve(name)
        room = self._rooms.get(name)
        if room is not None and self.catalog.current(name, room.models):
            return room
        with self._lock:
            room = self._rooms.get(name)
            if room is None or not self.catalog.current(name, room.models):
                self._rooms[name] = self.build(name, self.catalog.open(name))
            return self._rooms[name]

    def of(self, settings: SessionSettings) -> ModelRoom:
        """The room a session's turns and summaries run in."""
        return self.room(settings.model)

    def profile(self, name: str) -> ModelProfile:
        """What the model a session with this choice runs on can do, without opening it."""
        name = self.resolve(name)
        room = self._rooms.get(name)
        return room.models.profile if room is not None else self.catalog.profile(name)

    def close(self) -> None:
        """Stop what the catalog started for the rooms."""
        self.catalog.close()


def open_rooms(catalog: ModelCatalog, models: Models, settings: Settings, storage: Storage,
               documents: DocumentStore, recall: RecallIndex) -> ModelRooms:
    """The default model's room (`models`, the catalog's default) built now, the others' when first needed."""
    def build(name: str, chosen: Models) -> ModelRoom:
        return build_room(name, chosen, settings, storage, documents, recall, catalog.found_here,
                          catalog.downloads is not None)

    return ModelRooms(catalog, build(catalog.default, models), build)
