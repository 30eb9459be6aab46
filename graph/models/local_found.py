"""Model servers people run on their own machine (Ollama, LM Studio, a llama.cpp server), looked for where they
listen when no endpoint is configured: their chat models are offered beside the bundled one (never their embedding
models), each list read in the background within a short deadline, and a server that went away is noticed before a
turn is sent to it."""

import socket
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import httpx

from graph.models.catalog import ModelOption
from graph.models.model_list import ModelList, endpoint_models
from graph.settings import Settings

OLLAMA_PORT = 11434
KNOWN_PORTS = {OLLAMA_PORT: "Ollama", 1234: "LM Studio", 8080: "llama.cpp"}  # where each listens unless told
FOUND_LIST_TIMEOUT = 1.5  # seconds a local server may take to list its models, the whole call
FOUND_LIST_SECONDS = 10.0  # a local server's list is read again this often: one that went away is soon not offered
FOUND_RETRY_SECONDS = 10.0  # and one that was not there is looked for again this often
REACH_TIMEOUT = 0.3  # seconds a server on this machine may take to accept a connection before a turn goes to it
EMBEDDING_FAMILIES = ("bert",)  # Ollama's model families that embed (bert, nomic-bert, xlm-roberta's bge-m3 reads bert)


def host_url(address: str, default_port: int) -> str:
    """An address as Ollama reads OLLAMA_HOST ("0.0.0.0", ":11434", "host:port", "http://host:port") made the URL
    a client on this machine reaches: scheme and port filled in, an any-address listener reached on 127.0.0.1."""
    parts = urlsplit(address if "://" in address else f"http://{address}")
    host = parts.hostname or "127.0.0.1"
    host = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    return f"{parts.scheme or 'http'}://{host}:{parts.port or default_port}"


def server_roots(settings: Settings) -> dict[str, str]:
    """The roots (scheme://host:port) looked at, each with what people call its server: LOCAL_MODEL_SERVERS when
    set (none for `off`, each named by its port), else Ollama at OLLAMA_HOST or its port, LM Studio's and a
    llama.cpp server's ports on this machine."""
    listed = settings.local_model_servers.strip()
    if listed.lower() == "off":
        return {}
    if listed:
        given = [host_url(item.strip().removesuffix("/v1"), 80) for item in listed.split(",") if item.strip()]
        return {root: KNOWN_PORTS.get(urlsplit(root).port or 0, urlsplit(root).netloc) for root in given}
    roots = {host_url(settings.ollama_host or f"127.0.0.1:{OLLAMA_PORT}", OLLAMA_PORT): "Ollama"}
    roots.setdefault("http://127.0.0.1:1234", "LM Studio")  # unless OLLAMA_HOST points there
    roots.setdefault("http://127.0.0.1:8080", "llama.cpp")
    return roots


def embedding_models(root: str, timeout: float) -> set[str]:
    """The models a server's own listing marks as embedding models: Ollama's /api/tags by family, LM Studio's
    /api/v0/models by type; none when it has neither."""
    marked: set[str] = set()
    with httpx.Client(timeout=timeout) as client:
        for path in ("/api/tags", "/api/v0/models"):
            try:
                response = client.get(root + path)
                body = response.json() if response.status_code == 200 else {}
            except (httpx.HTTPError, ValueError):
                continue
            entries = (body.get("models") or body.get("data")) if isinstance(body, dict) else None
            for entry in entries if isinstance(entries, list) else []:
                if not isinstance(entry, dict):
                    continue
                details = entry["details"] if isinstance(entry.get("details"), dict) else {}
                families = [str(family) for family in [details.get("family"), *(details.get("families") or [])]]
                if entry.get("type") == "embeddings" or any(mark in family for family in families
                                                            for mark in EMBEDDING_FAMILIES):
                    marked.add(str(entry.get("name") or entry.get("model") or entry.get("id")))
    return marked


def chat_models(root: str, timeout: float = FOUND_LIST_TIMEOUT) -> list[str]:
    """The chat models a local server lists at /v1/models (those named as other kinds left out there), its
    embedding models by its own listing's word left out too."""
    embedding = embedding_models(root, timeout)
    return [name for name in endpoint_models(f"{root}/v1", "", timeout) if name not in embedding]


@dataclass
class FoundServer:
    """A place a local model server may listen, and the chat models it last listed there."""

    root: str
    kind: str  # what people call the server
    listing: ModelList = field(init=False)

    def __post_init__(self) -> None:
        self.listing = ModelList(lambda: chat_models(self.root), first_wait=0.0, reuse=FOUND_LIST_SECONDS,
                                 retry=FOUND_RETRY_SECONDS)

    @property
    def address(self) -> str:
        """host:port, which names the server in a session's stored choice."""
        return urlsplit(self.root).netloc

    @property
    def base_url(self) -> str:
        return f"{self.root}/v1"

    def label(self, model: str) -> str:
        """A model of this server named for people: the model, then the server."""
        return f"{model} · {self.kind}"

    def models(self) -> list[str]:
        """Its chat models as last read (none before the first answer: the page never waits for a look)."""
        return self.listing.names() or []

    def reachable(self) -> bool:
        """Whether it accepts a connection now (asked before a turn goes to it: a list is up to seconds old)."""
        parts = urlsplit(self.root)
        try:
            with socket.create_connection((parts.hostname or "127.0.0.1", parts.port or 80), REACH_TIMEOUT):
                return True
        except OSError:
            return False


class LocalServers:
    """The local model servers looked for, and the models a session may choose on them; a model's name is
    `host:port/model`, so a choice stays with its server over restarts."""

    def __init__(self, settings: Settings) -> None:
        self.servers = [FoundServer(root, kind) for root, kind in server_roots(settings).items()]

    def look(self) -> None:
        """Start reading every server's list in the background, so the first page has it."""
        for server in self.servers:
            server.models()

    def options(self, skip: str = "") -> list[ModelOption]:
        """Every chat model found (but those of the server at `skip`, the bundled model's own)."""
        return [ModelOption(f"{server.address}/{model}", server.label(model))
                for server in self.servers if server.base_url != skip for model in server.models()]

    def find(self, name: str) -> tuple[FoundServer, str] | None:
        """The server and model a found model's name points at; None for any other name."""
        address, _, model = name.partition("/")
        server = next((server for server in self.servers if server.address == address), None)
        return (server, model) if server is not None and model else None
