"""Staff review: a web app (``lantern review``) over the anonymised conversation store."""
