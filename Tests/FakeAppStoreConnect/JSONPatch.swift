import Foundation

/// The `add` and `replace` operations of a JSON Patch (RFC 6902) on a document read by
/// `JSONSerialization`: what turns the vendored OpenAPI document 4.4.1 into the members 4.5.1
/// added (`OpenAPI/4.5.1.patch.json`, see the README beside it). A pointer that does not lead
/// to a member, or an `add` over a member that exists, is an error: a patch must say exactly
/// what it changes.
enum JSONPatch {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `document` with `operations` (the patch file's bytes) applied in order.
    static func apply(_ operations: Data, to document: Any) throws -> Any {
        guard let list = try JSONSerialization.jsonObject(with: operations) as? [[String: Any]] else {
            throw Failure(description: "a JSON Patch is an array of operations")
        }
        var document = document
        for operation in list {
            guard let op = operation["op"] as? String, let pointer = operation["path"] as? String, let value = operation["value"] else {
                throw Failure(description: "an operation needs op, path and value: \(operation)")
            }
            let tokens = try Self.tokens(pointer)
            document = try apply(op, value, at: tokens[...], in: document, pointer: pointer)
        }
        return document
    }

    /// The reference tokens of a JSON Pointer (RFC 6901), `~1` and `~0` unescaped.
    private static func tokens(_ pointer: String) throws -> [String] {
        guard pointer.hasPrefix("/") else { throw Failure(description: "not a JSON Pointer: \(pointer)") }
        return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    private static func apply(_ op: String, _ value: Any, at tokens: ArraySlice<String>, in node: Any, pointer: String) throws -> Any {
        guard let token = tokens.first else { throw Failure(description: "\(pointer): the whole document cannot be replaced") }
        let last = tokens.count == 1
        if var object = node as? [String: Any] {
            if last {
                switch op {
                case "add" where object[token] == nil, "replace" where object[token] != nil: object[token] = value
                default:
                    throw Failure(description: "\(pointer): cannot \(op) (the member \(object[token] == nil ? "is absent" : "exists"))")
                }
                return object
            }
            guard let child = object[token] else { throw Failure(description: "\(pointer): no member \(token)") }
            object[token] = try apply(op, value, at: tokens.dropFirst(), in: child, pointer: pointer)
            return object
        }
        if var array = node as? [Any], let index = Int(token), index >= 0 {
            if last {
                switch op {
                case "add" where index <= array.count: array.insert(value, at: index)
                case "replace" where index < array.count: array[index] = value
                default: throw Failure(description: "\(pointer): index \(index) is out of range for \(op)")
                }
                return array
            }
            guard index < array.count else { throw Failure(description: "\(pointer): index \(index) is out of range") }
            array[index] = try apply(op, value, at: tokens.dropFirst(), in: array[index], pointer: pointer)
            return array
        }
        throw Failure(description: "\(pointer): \(token) does not lead into an object or an array")
    }
}
