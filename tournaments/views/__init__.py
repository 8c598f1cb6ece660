"""Tournament views: director, table link, public pages, print-outs; thin, like scorekeeper's."""
