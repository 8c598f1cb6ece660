"""Thin views: load through permissions, write through services, render a page or its partial."""
