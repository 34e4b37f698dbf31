"""Courier, the application: services, storage, rendering and the Discord and console adapters."""
