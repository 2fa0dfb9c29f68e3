#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlwriter.h>
#include <libxml/xmlschemas.h>

/* xmlFree is a global function pointer, which Swift 6 cannot call safely; wrap it. */
static inline void xmlFreeValue(xmlChar *value) { xmlFree(value); }
