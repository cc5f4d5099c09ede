"""Delivering players' messages to their Discord channels through channel webhooks.

webhooks.py reads where messages go (Players Webhook and Thread, Config public_webhook and public_thread) and
never shows a token; discord.py posts one message (with a picture when it has one) or edits one, to API v10,
keeping Discord's rate limits per webhook, between commands; split.py cuts long messages on line
boundaries and escapes what players typed; sent.py is the private Sent tab that remembers what was
delivered; journal.py records each post on disk; deliver.py ties them together.
"""
