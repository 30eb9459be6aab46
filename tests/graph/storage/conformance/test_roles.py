"""Each backend implements every role of the storage interface with the role's own signatures."""

import inspect
from typing import Any

import pytest

from graph.storage.base import ROLES, Storage

pytestmark = pytest.mark.storage

INTERFACE = ("session_lock", "record_session", "rename_session", "session_title", "replace_title",
             "list_sessions", "has_session", "load_settings",
             "save_settings", "delete_session", "session_owner", "claim_session", "assign_owner",
             "journal_write", "journal_read", "journal_clear", "prepared_put", "prepared_drop_from",
             "prepared_has", "prepared_take", "add_document", "list_documents", "remove_document", "whole_documents",
             "has_documents", "search_chunks", "recall_add", "recall_vectors", "recall_set_vector", "recall_records",
             "recall_remove_from", "recall_last_turn",
             "recall_search", "search_turns", "facts_put", "facts_remove", "facts_after", "facts_last_turn",
             "entities_put", "entities_after", "entities_remove_from",
             "checkpoint_rows", "prune_checkpoints", "compact", "size_bytes", "close")


def methods(role: type) -> list[str]:
    """The methods a role declares."""
    return [name for name, value in vars(role).items() if callable(value) and not name.startswith("_")]


def parameters(function: Any) -> list[tuple[str, Any, Any]]:
    """A method's parameters by name, kind and default."""
    return [(p.name, p.kind, p.default) for p in inspect.signature(function).parameters.values()]


@pytest.mark.parametrize("role", ROLES, ids=lambda role: role.__name__)
def test_every_method_of_the_role_is_there_with_its_signature(storage: Storage, role: type):
    assert methods(role)
    for name in methods(role):
        assert parameters(getattr(type(storage), name)) == parameters(getattr(role, name)), name


def test_the_roles_split_the_interface_without_overlap():
    names = [name for role in ROLES for name in methods(role)]
    assert len(names) == len(set(names))
    assert set(names) == set(INTERFACE)
    assert all(role in Storage.__mro__ for role in ROLES)
