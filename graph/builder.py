"""The one place where the graph's nodes and edges are declared."""

from langchain_core.language_models import BaseChatModel
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.prebuilt import tools_condition

from graph.graph_config import GraphConfig
from graph.memory.planner import SummaryPlanner
from graph.nodes.intent import make_intent_node, route_after_intent
from graph.nodes.llm import make_llm_node
from graph.nodes.rag import make_rag_node
from graph.nodes.recall import make_recall_node
from graph.nodes.router import make_router_node, route_after_router
from graph.nodes.summary import make_summary_node
from graph.nodes.tools import make_tool_node
from graph.request.report import fixed_request_tokens
from state import ChatState
from state.session import SessionSettings

ChatGraph = CompiledStateGraph[ChatState, SessionSettings, ChatState, ChatState]  # the compiled chat graph


def build_graph(
    chat_model: BaseChatModel,
    summary_model: BaseChatModel | None = None,
    checkpointer: BaseCheckpointSaver | None = None,
    config: GraphConfig = GraphConfig(),
) -> ChatGraph:
    """router -> [rag] -> summary -> recall -> intent -> [tools] -> llm <-> tools; the chat model summarizes
    when no summary model is given, and `config` holds every other option (its defaults: seed 000's graph)."""
    tools = config.offered_tools
    planner = config.planner or SummaryPlanner(
        summary_model or chat_model, budget_tokens=config.summary_budget_tokens, context_window=config.context_window,
        fixed_tokens=fixed_request_tokens(config.base_prompt, config.bound_tools))
    builder = StateGraph(ChatState, context_schema=SessionSettings)
    builder.add_node("router", make_router_node(config.retriever, config.router_model))
    builder.add_node("rag", make_rag_node(config.retriever))
    builder.add_node("summary", make_summary_node(planner))
    builder.add_node("recall", make_recall_node(config.recall, config.recall_budget_tokens, config.keep_last_turn))
    builder.add_node("intent", make_intent_node(config.textual_tools))
    builder.add_node("llm", make_llm_node(chat_model, config))
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
