"""The conversation engine: a LangGraph graph that keeps long chats cheap."""
