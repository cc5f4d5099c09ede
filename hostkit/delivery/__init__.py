"""Delivering players' messages to their Discord channels through channel webhooks.

webhooks.py reads where messages go (Players Webhook, Config public_webhook) and never shows a token;
discord.py posts one message, waiting out Discord's rate limits; split.py cuts long messages on line
boundaries; sent.py is the private Sent tab that remembers what was delivered; deliver.py ties them together.
"""
