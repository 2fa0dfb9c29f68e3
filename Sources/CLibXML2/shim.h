#include <libxml/xmlversion.h>
/* libxml2 is built with ICU, so <libxml/encoding.h> would include the system's <unicode/ucnv.h>.
 * Foundation bundles its own ICU, and a Swift module that sees both fails to build ("UErrorCode
 * has different definitions"). iapcat never touches the ICU-only members of libxml2's encoding
 * handler (it passes handlers by pointer only), so leave the ICU declarations out. */
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlwriter.h>
#include <libxml/xmlschemas.h>

/* xmlFree is a global function pointer, which Swift 6 cannot call safely; wrap it. */
static inline void xmlFreeValue(xmlChar *value) { xmlFree(value); }
