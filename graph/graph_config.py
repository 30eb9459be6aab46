"""What a chat graph runs with besides its models and checkpointer: the options it is built with, one object, each
option described; and the session's settings as a node receives them, LangGraph's runtime context, never
checkpointed."""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.runnables import RunnableConfig
from langchain_core.tools import BaseTool
from langgraph.runtime import Runtime

from graph.documents.store import Retriever
from graph.memory.planner import DEFAULT_CONTEXT_WINDOW, SummaryPlanner
from graph.models.deadline import Deadlines
from graph.recall.index import RecallIndex
from graph.tools.catalog import DEFAULT_TOOLS
from prompt.system import BASE_SYSTEM_PROMPT, DESIGN_LANGUAGE
from state.session import SessionSettings

SUMMARIES_UNDER_WAY = "summaries_under_way"  # a turn's config key: its session's next summary is being made ahead
DEFAULTS = SessionSettings(language=DESIGN_LANGUAGE)  # a graph invoked without a context speaks the design's


@dataclass(frozen=True, kw_only=True)
class GraphConfig:
    """The options of one graph: the app's budgets for its model's window and what that model can do. The defaults
    give seed 000's graph exactly: every summary in the system message, no recall, no budget."""

    tools: Sequence[BaseTool] | None = field(
        default=None, metadata={"description": "The tools a turn may use; None: the default catalog."})
    tool_calling: bool = field(
        default=True,
        metadata={"description": "The chat model calls tools itself; if not, the intent step calls them for it."})
    retriever: Retriever | None = field(
        default=None, metadata={"description": "The sessions' documents, searched when a message is about them."})
    router_model: BaseChatModel | None = field(
        default=None,
        metadata={"description": "A model with structured output, asked only when the documents' score is unclear."})
    planner: SummaryPlanner | None = field(
        default=None,
        metadata={"description": "The summary planner shared with the preparer; None: one built from these."})
    recall: RecallIndex | None = field(
        default=None, metadata={"description": "The index of earlier turns; None: no recall."})
    recall_budget_tokens: int = field(
        default=0, metadata={"description": "The most tokens recalled turns may take in a request."})
    recall_new_tokens: int | None = field(
        default=None,
        metadata={"description": "The most recalled tokens one request brings (a model that reads slowly)."})
    base_prompt: str = field(
        default=BASE_SYSTEM_PROMPT, metadata={"description": "The system prompt of a session without its own."})
    summary_budget_tokens: int | None = field(
        default=None, metadata={"description": "Merge the oldest summaries past this many tokens; None: never."})
    context_budget_tokens: int | None = field(
        default=None, metadata={"description": "Shorten the request (never the transcript) to this many tokens."})
    context_window: int = field(
        default=DEFAULT_CONTEXT_WINDOW, metadata={"description": "The model's window, for policies that use it."})
    keep_last_turn: bool = field(
        default=False, metadata={"description": "The last completed turn stays raw even once summarized."})
    deadlines: Deadlines = field(
        default_factory=Deadlines,
        metadata={"description": "How long one chat-model call may take, to its first token and in all."})
    quotes_memory: bool = field(
        default=False,
        metadata={"description": "The chat model cannot read its request (the bundled one): memory is quoted "
                                 "to the person and its text screened."})
    writes: tuple[str, ...] | None = field(
        default=("en",),
        metadata={"description": "The languages the chat model writes (None: any; the bundled model's English "
                                 "unless told); where it cannot write the person's and quotes its memory, the "
                                 "product answers alone."})
    offers_downloads: bool = field(
        default=False,
        metadata={"description": "The page offers models to download, which that note then points to."})
    other_models: Callable[[], list[str]] = field(
        default=list,
        metadata={"description": "The other models a session may choose now, by name, which the note of a model "
                                 "that cannot write the person's language points to."})

    @property
    def offered_tools(self) -> list[BaseTool]:
        """Every tool a turn may use."""
        return list(DEFAULT_TOOLS if self.tools is None else self.tools)

    @property
    def bound_tools(self) -> list[BaseTool]:
        """The tools the chat model is given to call itself."""
        return self.offered_tools if self.tool_calling else []

    @property
    def textual_tools(self) -> bool:
        """Tools run for a model that cannot call them: their results reach it as text."""
        return bool(self.offered_tools) and not self.tool_calling


def session_settings(runtime: Runtime[SessionSettings] | None) -> SessionSettings:
    """The settings the turn runs with; the defaults when the graph is invoked without a context."""
    given = getattr(runtime, "context", None)
    return given if isinstance(given, SessionSettings) else DEFAULTS


def turn_rate(state: Mapping[str, Any], runtime: Runtime[SessionSettings] | None) -> float:
    """The rate a turn summarizes at: the one its input names (the contract's `compression_rate` key), else the
    session's; made a setting like any other, so it is within bounds."""
    return session_settings(runtime).with_rate(state.get("compression_rate")).compression_rate


def with_summaries_under_way(config: RunnableConfig) -> RunnableConfig:
    """A turn's config saying its session's summaries are being made ahead at this moment: the summary step leaves a
    block just due to that work instead of making it again inside the turn."""
    return {**config, "configurable": {**config.get("configurable", {}), SUMMARIES_UNDER_WAY: True}}


def summaries_under_way(config: RunnableConfig | None) -> bool:
    """Whether the turn was started while its session's summaries were being made ahead."""
    return bool((config or {}).get("configurable", {}).get(SUMMARIES_UNDER_WAY))
