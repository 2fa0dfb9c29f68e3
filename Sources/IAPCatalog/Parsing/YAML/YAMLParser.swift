import Dispatch

/// Parses YAML with libyaml's event API into a ``SourceDocument``.
///
/// Supports anchors, aliases and merge keys; rejects duplicate keys, recursive aliases, more than
/// one document, and input beyond ``DocumentLimits``. Positions are libyaml's marks made 1-based.
///
/// Large inputs are parsed on two threads: one runs libyaml and packs its events into batches,
/// the other builds the document from them, so the cost of building hides behind libyaml's own.
package struct YAMLParser: Sendable {
    package var limits: DocumentLimits

    /// Inputs from this size on are parsed on two threads (below it, starting a thread costs
    /// more than it saves). Tests lower it to run small inputs through both paths.
    var pipelineThreshold = 512 * 1024

    package init(limits: DocumentLimits = .default) {
        self.limits = limits
    }

    package func parse(_ bytes: [UInt8]) throws(DocumentSyntaxError) -> ParsedDocument {
        try parse(bytes, itemStream: nil)
    }

    /// Parses `bytes`, handing the items of one top-level list to `itemStream` as they complete
    /// (on the calling thread).
    func parse(_ bytes: [UInt8], itemStream: ItemStream?) throws(DocumentSyntaxError) -> ParsedDocument {
        try bytes.withUnsafeBufferPointer { buffer throws(DocumentSyntaxError) -> ParsedDocument in
            try parse(.bytes(buffer), size: buffer.count, itemStream: itemStream)
        }
    }

    /// Parses an open file of `size` bytes as libyaml reads it, never holding it whole.
    func parse(descriptor: Int32, size: Int, itemStream: ItemStream?) throws(DocumentSyntaxError) -> ParsedDocument {
        try parse(.file(descriptor: descriptor), size: size, itemStream: itemStream)
    }

    private func parse(_ input: YAMLEventReader.Input, size: Int, itemStream: ItemStream?) throws(DocumentSyntaxError) -> ParsedDocument {
        guard let reader = YAMLEventReader(input) else {
            throw DocumentSyntaxError("libyaml could not be initialised", at: .start)
        }
        var assembler = YAMLDocumentAssembler(limits: limits, estimatedBytes: size, itemStream: itemStream)
        guard size >= pipelineThreshold else {
            while let batch = reader.nextBatch() {
                if let document = try assembler.consume(batch) { return document }
            }
            throw DocumentSyntaxError("the YAML stream ended early", at: .start)
        }
        // The reader holds the input: the producer must finish before returning.
        let channel = BatchChannel<YAMLEventBatch>(slots: 4)
        let producer = DispatchGroup()
        DispatchQueue.global().async(group: producer) {
            while let batch = reader.nextBatch() { channel.send(batch) }
        }
        defer { producer.wait() }
        var batch = channel.receive()
        do throws(DocumentSyntaxError) {
            while true {
                if let document = try assembler.consume(batch) { return document }
                batch = channel.receive()
            }
        } catch {
            // Let the producer run to its last batch so that it never blocks on a full channel.
            while !batch.isLast { batch = channel.receive() }
            throw error
        }
    }
}
