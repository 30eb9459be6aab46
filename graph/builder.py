"""The one place where the graph's nodes and edges are declared."""

from collections.abc import Sequence

from langchain_core.language_models import BaseChatModel
from langchain_core.tools import BaseTool
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.prebuilt import tools_condition

from graph.documents.retrieval import Retriever
from graph.memory.keys import SummaryCache
from graph.memory.planner import DEFAULT_CONTEXT_WINDOW, SummaryPlanner
from graph.models.deadline import Deadlines
from graph.nodes.intent import make_intent_node, route_after_intent
from graph.nodes.llm import make_llm_node
from graph.nodes.rag import make_rag_node
from graph.nodes.recall import make_recall_node
from graph.nodes.router import make_router_node, route_after_router
from graph.nodes.summary import make_summary_node
from graph.nodes.tools import make_tool_node
from graph.recall.index import RecallIndex
from graph.request.report import fixed_request_tokens
from graph.tools.catalog import DEFAULT_TOOLS
from prompt.system import BASE_SYSTEM_PROMPT
from state import ChatState
from state.session import SessionSettings

ChatGraph = CompiledStateGraph[ChatState, SessionSettings, ChatState, ChatState]  # the compiled chat graph


def build_graph(
    chat_model: BaseChatModel,
    summary_model: BaseChatModel | None = None,
    checkpointer: BaseCheckpointSaver | None = None,
    *,
    tools: Sequence[BaseTool] | None = None,
    retriever: Retriever | None = None,
    base_prompt: str = BASE_SYSTEM_PROMPT,
    summary_budget_tokens: int | None = None,
    context_budget_tokens: int | None = None,
    summary_cache: SummaryCache | None = None,
    context_window: int = DEFAULT_CONTEXT_WINDOW,
    router_model: BaseChatModel | None = None,
    planner: SummaryPlanner | None = None,
    recall: RecallIndex | None = None,
    recall_budget_tokens: int = 0,
    keep_last_turn: bool = False,
    tool_calling: bool = True,
    deadlines: Deadlines = Deadlines(),
    quotes_memory: bool = False,
    recall_new_tokens: int | None = None,
) -> ChatGraph:
    """router -> [rag] -> summary -> recall -> intent -> [tools] -> llm <-> tools; the chat model summarizes
    when no summary model is given.

    summary_budget_tokens: merge the oldest summaries past this many tokens (None: every summary stays in
        the context, as seed 000 and the contract give it; the app passes its budget).
    context_budget_tokens: shorten the context to fit (the app passes a share of the model's window).
    summary_cache: summaries made ahead by a prefetcher, applied when they match.
    context_window: the model's window, for policies that trigger on it (seed 002).
    router_model: a model with structured output, asked only when the documents' score is ambiguous.
    planner: the summary planner the engine shares with its prefetcher (built from the above when None).
    recall: the index of earlier turns; with it, turns that answer the message come back within
        `recall_budget_tokens` (None: no recall, the contract's context exactly).
    keep_last_turn: the last completed turn stays raw even once summarized (the app's coherence rule;
        off by default, where seed 000's turn 4 sees only the summary of turns 1-3).
    tool_calling: the chat model calls tools itself; when False the intent step calls them for it and the
        model phrases the answer from their results.
    deadlines: how long one chat-model call may take, to its first token and in all.
    quotes_memory: the chat model cannot be trusted to read its context (the bundled one): a question about
        something said before is answered first with the person's own words, quoted.
    recall_new_tokens: the most recalled tokens one request brings, for a model that reads its prompt slowly (the
        bundled one: what it reads in about two seconds); None: as many as the recall share of the budget.
    """
    tools = list(DEFAULT_TOOLS if tools is None else tools)
    planner = planner or SummaryPlanner(summary_model or chat_model, summary_cache, summary_budget_tokens,
                                        context_window,
                                        fixed_request_tokens(base_prompt, tools if tool_calling else []))
    builder = StateGraph(ChatState, context_schema=SessionSettings)
    builder.add_node("router", make_router_node(retriever, router_model))
    builder.add_node("rag", make_rag_node(retriever))
    builder.add_node("summary", make_summary_node(planner))
    builder.add_node("recall", make_recall_node(recall, recall_budget_tokens, keep_last_turn))
    builder.add_node("intent", make_intent_node(bool(tools) and not tool_calling))
    builder.add_node("llm", make_llm_node(chat_model, tools if tool_calling else [], base_prompt,
                                         context_budget_tokens=context_budget_tokens, retriever=retriever,
                                         keep_last_turn=keep_last_turn, textual_tools=bool(tools) and not tool_calling,
                                         deadlines=deadlines, quotes_memory=quotes_memory,
                                         recall_new_tokens=recall_new_tokens))
    builder.add_edge(START, "router")
    builder.add_conditional_edges("router", route_after_router, ["rag", "summary"])
    builder.add_edge("rag", "summary")
    builder.add_edge("summary", "recall")
    builder.add_edge("recall", "intent")
    if tools:
        builder.add_node("tools", make_tool_node(tools))
        builder.add_conditional_edges("intent", route_after_intent, ["tools", "llm"])
        builder.add_conditional_edges("llm", tools_condition, {"tools": "tools", END: END})
        builder.add_edge("tools", "llm")
    else:
        builder.add_edge("intent", "llm")
        builder.add_edge("llm", END)
    return builder.compile(checkpointer=checkpointer)
