/* embed.h - emission: text files embedded into ncsc at build time (cmake/NcsEmbed.cmake,
 * cmake/EmbedSources.cmake): `ncsc view` writes the runtime's sources and the
 * web pages' assets out of such a table (compiler/commands/web.c). The firmware copy
 * uses byte tables instead (emit_copy.h), so that it is the files unchanged.
 */
#ifndef NCS_EMBED_H
#define NCS_EMBED_H

/** One embedded text file: its name and its lines (each with its '\n'). */
typedef struct ncs_embedded_file {
    const char *name;               /**< e.g. "src/world.c"; NULL ends a table */
    const char *const *lines;       /**< NULL-terminated */
} ncs_embedded_file;

#endif
