"""The one place where the graph's nodes and edges are declared."""

from collections.abc import Sequence

from langchain_core.language_models import BaseChatModel
from langchain_core.tools import BaseTool
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.prebuilt import tools_condition

from graph.nodes.llm import make_llm_node
from graph.nodes.rag import make_rag_node
from graph.nodes.router import make_router_node, route_after_router
from graph.context_report import fixed_request_tokens
from graph.nodes.summary import DEFAULT_CONTEXT_WINDOW, make_summary_node
from graph.nodes.tools import DEFAULT_TOOLS, make_tool_node
from graph.retrieval import Retriever
from graph.summary_cache import SummaryCache
from prompt.system import BASE_SYSTEM_PROMPT
from state import ChatState


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
) -> CompiledStateGraph:
    """router -> [rag] -> summary -> llm <-> tools; the chat model summarizes when no summary model is given.

    summary_budget_tokens: merge the oldest summaries past this many tokens (None: every summary stays in
        the context, as seed 000 and the contract give it; the app passes its budget).
    context_budget_tokens: shorten the context to fit (the app passes 60% of the model's window).
    summary_cache: summaries made ahead by a prefetcher, applied when they match.
    context_window: the model's window, for policies that trigger on it (seed 002).
    router_model: a model with structured output, asked only when the documents' score is ambiguous.
    """
    tools = list(DEFAULT_TOOLS if tools is None else tools)
    builder = StateGraph(ChatState)
    builder.add_node("router", make_router_node(retriever, router_model))
    builder.add_node("rag", make_rag_node(retriever))
    fixed_tokens = fixed_request_tokens(base_prompt, tools)
    summarize = make_summary_node(summary_model or chat_model, summary_budget_tokens, summary_cache,
                                  context_window, fixed_tokens)
    builder.add_node("summary", summarize)
    builder.add_node("llm", make_llm_node(chat_model, tools, base_prompt, context_budget_tokens=context_budget_tokens,
                                         retriever=retriever))
    builder.add_edge(START, "router")
    builder.add_conditional_edges("router", route_after_router, ["rag", "summary"])
    builder.add_edge("rag", "summary")
    builder.add_edge("summary", "llm")
    if tools:
        builder.add_node("tools", make_tool_node(tools))
        builder.add_conditional_edges("llm", tools_condition, {"tools": "tools", END: END})
        builder.add_edge("tools", "llm")
    else:
        builder.add_edge("llm", END)
    return builder.compile(checkpointer=checkpointer)
