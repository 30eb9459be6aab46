"""Assemble the running engine: settings, database, models (remote or bundled) and the graph."""

from collections.abc import Callable
from dataclasses import dataclass

from langgraph.checkpoint.sqlite import SqliteSaver
from langgraph.graph.state import CompiledStateGraph

from graph.builder import build_graph
from graph.context_report import fixed_request_tokens
from graph.documents import DocumentStore
from graph.local_server import LocalModelServer, find_bundled_model
from graph.models import Models, create_bundled_models, create_remote_models
from graph.nodes.tools import DEFAULT_TOOLS
from graph.persistence import create_checkpointer
from graph.prefetch import SummaryPrefetcher
from graph.summary_cache import SummaryCache
from graph.settings import Settings
from prompt.system import BASE_SYSTEM_PROMPT


@dataclass
class Engine:
    """Everything one app process shares across browser sessions."""

    settings: Settings
    saver: SqliteSaver
    models: Models
    graph: CompiledStateGraph
    server: LocalModelServer | None = None
    prefetcher: SummaryPrefetcher | None = None
    documents: DocumentStore | None = None

    def after_turn(self, session_id: str, compression_rate: float) -> None:
        """Prepare the next summary and tidy the database in the background."""
        if self.prefetcher is not None:
            self.prefetcher.schedule(session_id, compression_rate)


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
    return assemble(settings, saver, models, server)


def assemble(settings: Settings, saver: SqliteSaver, models: Models, server: LocalModelServer | None = None) -> Engine:
    """The graph with the app's budgets, the summary cache and its background prefetcher."""
    tools = DEFAULT_TOOLS if models.profile.tools else []
    cache = SummaryCache(saver)
    documents = DocumentStore(saver)
    graph = build_graph(
        models.chat,
        models.summary,
        saver,
        tools=tools,
        summary_budget_tokens=settings.summary_budget_tokens,
        context_budget_tokens=int(models.profile.context_window * settings.context_share),
        summary_cache=cache,
        context_window=models.profile.context_window,
        retriever=documents,
        router_model=models.chat if models.profile.structured_output else None,
    )
    prefetcher = SummaryPrefetcher(graph, models.summary, saver, cache, settings.summary_budget_tokens,
                                   models.profile.context_window,
                                   fixed_request_tokens(BASE_SYSTEM_PROMPT, tools))
    return Engine(settings, saver, models, graph, server, prefetcher, documents)
