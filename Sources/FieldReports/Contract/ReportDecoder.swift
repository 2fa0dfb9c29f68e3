/// A request body → a ``FieldReport`` that keeps every rule of ``ReportField``, or the
/// ``ReportProblem`` that says which field breaks which rule (the first in the body's order; then
/// required fields that are absent, in the contract's order; then `missing` ids not requested).
///
/// Bounded: a body (or its gzip inflation) past ``ReportRules/maximumBodyBytes`` is refused with
/// 413 before it is read, nesting stops at ``ReportRules/maximumDepth``, and every byte is read once.
/// Unknown fields are read (they must be JSON) and dropped; a known field given twice is refused.
public struct ReportDecoder: Sendable {
    public init() {}

    /// Decodes `body`, first inflating it when `gzip` (the request's `Content-Encoding: gzip`).
    public func decode(_ body: [UInt8], gzip: Bool) throws(ReportProblem) -> FieldReport {
        guard body.count <= ReportRules.maximumBodyBytes else { throw .tooLarge }
        guard gzip else { return try decode(body) }
        let inflated: [UInt8]
        do throws(BoundedGunzip.Failure) {
            inflated = try BoundedGunzip.inflate(body, limit: ReportRules.maximumBodyBytes)
        } catch {
            throw error == .tooLarge ? .tooLarge : .notGzip
        }
        return try decode(inflated)
    }

    private func decode(_ body: [UInt8]) throws(ReportProblem) -> FieldReport {
        try body.withUnsafeBufferPointer { bytes throws(ReportProblem) in
            var reading = Reading(scanner: ReportScanner(bytes))
            return try reading.report()
        }
    }
}

/// Where a value is, made into a ``ReportPointer`` only when a problem names it.
private enum Location {
    case field(ReportField)
    case item(ReportField, Int)
    case missing(Int, MissingField)

    var pointer: ReportPointer {
        switch self {
        case .field(let field): ReportPointer(field)
        case .item(let field, let index): ReportPointer(field, index)
        case .missing(let index, let field): ReportPointer(missing: index, field)
        }
    }
}

extension ReportProblem {
    fileprivate static func invalid(_ location: Location, _ sentence: String) -> ReportProblem { invalid(location.pointer, sentence) }
}

/// One body being read into a report.
private struct Reading {
    var scanner: ReportScanner
    /// The fields read so far, one bit each (by their place in ``ReportField/allCases``).
    var seen: UInt32 = 0
    var text = [String?](repeating: nil, count: Reading.fields.count)
    var requested: [String] = []
    var missing: [MissingProduct] = []

    static let fields = ReportField.allCases
    static let missingFields = MissingField.allCases
    /// Each field's name as bytes, to match keys without making strings.
    static let names: [[UInt8]] = fields.map { Array($0.rawValue.utf8) }
    static let missingNames: [[UInt8]] = missingFields.map { Array($0.rawValue.utf8) }

    mutating func report() throws(ReportProblem) -> FieldReport {
        guard let kind = scanner.nextKind() else { throw .notJSON(at: scanner.offset) }
        guard kind == .object else {
            try skipValue(depth: 1)
            try end()
            throw .notAnObject(kind)
        }
        if try openObject() {
            repeat {
                let name = try key()
                guard let index = scanner.withContent(name, { Self.match($0, in: Self.names) }) else {
                    try skipValue(depth: 2)
                    continue
                }
                let field = Self.fields[index]
                guard seen & 1 << index == 0 else { throw .invalid(.field(field), "appears more than once") }
                seen |= 1 << index
                try read(field, into: index)
            } while try next(closing: UInt8(ascii: "}"))
        }
        try end()
        for (index, field) in Self.fields.enumerated() where field.isRequired && seen & 1 << index == 0 {
            throw .invalid(.field(field), "is required")
        }
        // A few missing ids (the usual report) are looked up one by one; many, through a set.
        let asked = missing.count > 8 ? Set(requested) : nil
        for (index, product) in missing.enumerated() where !(asked?.contains(product.id) ?? requested.contains(product.id)) {
            throw .invalid(.missing(index, .id), "is not one of requested")
        }
        func value(_ field: ReportField) -> String? { text[Self.fields.firstIndex(of: field)!] }
        return FieldReport(
            reportID: value(.reportID)!, bundleID: value(.bundleID)!, appVersion: value(.appVersion)!, os: value(.os)!,
            osVersion: value(.osVersion)!, store: ReportedStore(rawValue: value(.store)!)!,
            environment: ReportedEnvironment(rawValue: value(.environment)!)!, storefront: value(.storefront)!, list: value(.list)!,
            sdk: value(.sdk), requested: requested, missing: missing, listETag: value(.listETag), sentAt: value(.sentAt))
    }

    /// The place of `key` in `names`; nil when it is none of them.
    static func match(_ key: UnsafeBufferPointer<UInt8>, in names: [[UInt8]]) -> Int? {
        search: for index in names.indices where names[index].count == key.count {
            for offset in 0..<key.count where names[index][offset] != key[offset] { continue search }
            return index
        }
        return nil
    }

    // MARK: Fields

    /// Reads `field`'s value into its place (`index`) or its array.
    mutating func read(_ field: ReportField, into index: Int) throws(ReportProblem) {
        let location = Location.field(field)
        switch field.rule {
        case .text(let rule):
            text[index] = try string(rule, at: location, nullable: !field.isRequired)
        case .vocabulary(let words):
            let word = try string(nil, at: location, nullable: false)!
            guard words.contains(word) else { throw .invalid(location, "must be one of " + words.joined(separator: ", ")) }
            text[index] = word
        case .ids(let count, let rule):
            func wrongCount() -> ReportProblem {
                .invalid(location, "must hold \(ReportProblem.grouped(count.lowerBound)) to \(ReportProblem.grouped(count.upperBound)) ids")
            }
            try array(at: location) { (reading: inout Reading, index: Int) throws(ReportProblem) in
                guard index < count.upperBound else { throw wrongCount() }
                reading.requested.append(try reading.string(rule, at: .item(field, index), nullable: false)!)
            }
            guard count.contains(requested.count) else { throw wrongCount() }
        case .missingProducts(let count):
            try array(at: location) { (reading: inout Reading, index: Int) throws(ReportProblem) in
                guard index < count.upperBound else {
                    throw .invalid(location, "must hold at most \(ReportProblem.grouped(count.upperBound)) objects")
                }
                reading.missing.append(try reading.missingProduct(at: index))
            }
        }
    }

    /// One object of `missing`: `{"id": …, "status": …}`.
    mutating func missingProduct(at index: Int) throws(ReportProblem) -> MissingProduct {
        let kind = try kind()
        guard kind == .object else { throw .invalid(.item(.missing, index), "must be an object, not \(kind.noun)") }
        var id: String?
        var status: String?
        var seen: UInt32 = 0
        if try openObject() {
            repeat {
                let name = try key()
                guard let place = scanner.withContent(name, { Self.match($0, in: Self.missingNames) }) else {
                    try skipValue(depth: 4)
                    continue
                }
                let field = Self.missingFields[place]
                let location = Location.missing(index, field)
                guard seen & 1 << place == 0 else { throw .invalid(location, "appears more than once") }
                seen |= 1 << place
                let value = try string(field.rule, at: location, nullable: !field.isRequired)
                switch field {
                case .id: id = value
                case .status: status = value
                }
            } while try next(closing: UInt8(ascii: "}"))
        }
        guard let id else { throw .invalid(.missing(index, .id), "is required") }
        return MissingProduct(id: id, status: status)
    }

    // MARK: Values

    /// A string that keeps `rule` (any string when nil); nil for `null` where `nullable`.
    mutating func string(_ rule: TextRule?, at location: Location, nullable: Bool) throws(ReportProblem) -> String? {
        let kind = try kind()
        if kind == .null, nullable {
            try literal()
            return nil
        }
        guard kind == .string else { throw .invalid(location, "must be a string, not \(kind.noun)") }
        let token = try stringToken(at: location)
        return try scanner.withContent(token) { content throws(ReportProblem) -> String in
            if let rule {
                guard rule.matches(content) else { throw .invalid(location, rule.mismatch) }
                guard rule.length.contains(content.count) else { throw .invalid(location, ReportProblem.lengthSentence(rule.length)) }
            }
            return String(decoding: content, as: UTF8.self)
        }
    }

    /// An array, each item read by `item` (with its index).
    mutating func array(
        at location: Location, _ item: (inout Reading, Int) throws(ReportProblem) -> Void
    ) throws(ReportProblem) {
        let kind = try kind()
        guard kind == .array else { throw .invalid(location, "must be an array, not \(kind.noun)") }
        guard try openArray() else { return }
        var index = 0
        repeat {
            try item(&self, index)
            index += 1
        } while try next(closing: UInt8(ascii: "]"))
    }

    /// The kind of the next value; a body that has none there is not JSON.
    mutating func kind() throws(ReportProblem) -> ReportScanner.Kind {
        guard let kind = scanner.nextKind() else { throw .notJSON(at: scanner.offset) }
        return kind
    }

    // MARK: The scanner's steps, their failures as problems

    mutating func openObject() throws(ReportProblem) -> Bool {
        do throws(ReportScanner.Failure) { return try scanner.openObject() } catch { throw Self.problem(error) }
    }

    mutating func openArray() throws(ReportProblem) -> Bool {
        do throws(ReportScanner.Failure) { return try scanner.openArray() } catch { throw Self.problem(error) }
    }

    mutating func key() throws(ReportProblem) -> ReportScanner.Token {
        do throws(ReportScanner.Failure) { return try scanner.key() } catch { throw Self.problem(error) }
    }

    mutating func next(closing: UInt8) throws(ReportProblem) -> Bool {
        do throws(ReportScanner.Failure) { return try scanner.next(closing: closing) } catch { throw Self.problem(error) }
    }

    mutating func skipValue(depth: Int) throws(ReportProblem) {
        do throws(ReportScanner.Failure) { try scanner.skipValue(depth: depth) } catch { throw Self.problem(error) }
    }

    mutating func literal() throws(ReportProblem) {
        do throws(ReportScanner.Failure) { try scanner.literal() } catch { throw Self.problem(error) }
    }

    mutating func end() throws(ReportProblem) {
        do throws(ReportScanner.Failure) { try scanner.end() } catch { throw Self.problem(error) }
    }

    /// A string of a known field: invalid UTF-8 in it names the field.
    mutating func stringToken(at location: Location) throws(ReportProblem) -> ReportScanner.Token {
        do throws(ReportScanner.Failure) { return try scanner.string() } catch { throw Self.problem(error, at: location) }
    }

    static func problem(_ failure: ReportScanner.Failure, at location: Location? = nil) -> ReportProblem {
        switch failure {
        case .syntax(let offset): .notJSON(at: offset)
        case .invalidUTF8(let offset): location.map { .invalid($0, "is not valid UTF-8") } ?? .invalidUTF8(at: offset)
        case .tooDeep: .tooDeep
        }
    }
}
