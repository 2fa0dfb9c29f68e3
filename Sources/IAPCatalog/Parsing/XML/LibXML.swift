internal import CLibXML2

/// libxml2 may be used from several threads once it is initialized, but its initialization is
/// not safe to race (two first parses at once crashed a test run in the encoding tables). Every
/// entry point — the readers, the writer, the schema — calls ``ready()`` first, and Swift runs the
/// initializer exactly once.
enum LibXML {
    private static let initialized: Void = xmlInitParser()

    /// Initializes libxml2 once per process.
    static func ready() {
        _ = initialized
    }
}
