"""Start the models a session talks to: the configured endpoint, or the bundled model on its own warmed server."""

from collections.abc import Callable
from datetime import datetime

from graph.models.factory import Models, create_bundled_models, create_remote_models
from graph.models.local_server import LocalModelServer, find_bundled_model
from graph.settings import Settings
from prompt.system import BASE_SYSTEM_PROMPT, render_system_prompt


def start_models(settings: Settings, progress: Callable[[str], None]) -> tuple[Models, LocalModelServer | None]:
    """The remote endpoint when configured, otherwise the bundled model on a local server that has already read
    the opening of a new chat's first request."""
    if settings.uses_remote_endpoint:
        return create_remote_models(settings), None
    return start_bundled(settings, progress)


def start_bundled(settings: Settings, progress: Callable[[str], None]) -> tuple[Models, LocalModelServer]:
    """The bundled model on a local server of its own, warmed with the opening every new chat's request has."""
    server = LocalModelServer(find_bundled_model(settings.local_model_path or None))
    base_url = server.start(progress)
    server.warm(render_system_prompt(BASE_SYSTEM_PROMPT, [], datetime.now().astimezone()))
    return create_bundled_models(settings, base_url, server), server
