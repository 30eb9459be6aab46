"""A session's documents: reading uploads, chunking, and retrieval for the rag path. SQL lives in storage."""
