"""One cog per concern: campaigns, orders, information, moderation."""
