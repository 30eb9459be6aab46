"""Assemble the running engine: settings, database, models (remote or bundled) and the graph."""

from collections.abc import Callable
from dataclasses import dataclass

from langgraph.checkpoint.sqlite import SqliteSaver
from langgraph.graph.state import CompiledStateGraph

from graph.builder import build_graph
from graph.local_server import LocalModelServer, find_bundled_model
from graph.models import Models, create_bundled_models, create_remote_models
from graph.nodes.tools import DEFAULT_TOOLS
from graph.persistence import create_checkpointer
from graph.settings import Settings


@dataclass
class Engine:
    """Everything one app process shares across browser sessions."""

    settings: Settings
    saver: SqliteSaver
    models: Models
    graph: CompiledStateGraph
    server: LocalModelServer | None = None


def start_models(settings: Settings, progress: Callable[[str], None]) -> tuple[Models, LocalModelServer | None]:
    """The remote endpoint when configured, otherwise the bundled model on a local server."""
    if settings.uses_remote_endpoint:
        return create_remote_models(settings), None
    server = LocalModelServer(find_bundled_model(settings.local_model_path or None))
    base_url = server.start(progress)
    return create_bundled_models(settings, base_url), server


def open_engine(settings: Settings, progress: Callable[[str], None] = lambda message: None) -> Engine:
    """Open the database first (a bad path fails fast), then start the models and build the graph."""
    saver = create_checkpointer(settings.db_path)
    models, server = start_models(settings, progress)
    tools = DEFAULT_TOOLS if models.profile.tools else []
    graph = build_graph(models.chat, models.summary, saver, tools=tools)
    return Engine(settings=settings, saver=saver, models=models, graph=graph, server=server)
