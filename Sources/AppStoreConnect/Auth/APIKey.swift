import Crypto
import Foundation
import IAPCatalog

/// An App Store Connect API key: its id, the issuer (team keys) and the `.p8` private key.
///
/// The key never appears in a description, a message or a log: `description` names the key id only.
package struct APIKey: Sendable, CustomStringConvertible {
    /// The key id (`kid`).
    package var keyID: String
    /// The issuer id of a team key; nil for an individual key (`sub: user`).
    package var issuerID: String?
    /// The EC P-256 signing key.
    let privateKey: P256.Signing.PrivateKey

    /// A key from its parts.
    package init(keyID: String, issuerID: String?, privateKey: P256.Signing.PrivateKey) {
        self.keyID = keyID
        self.issuerID = issuerID
        self.privateKey = privateKey
    }

    /// `API key <id>`: never the key itself.
    package var description: String { "API key \(keyID)" }

    /// Why a key file cannot be used.
    package enum LoadError: Error, Equatable, Sendable {
        /// The file cannot be read.
        case unreadable(path: String, reason: String)
        /// The file is not a PKCS#8 PEM EC P-256 private key.
        case notAKey(path: String)

        /// One line for a diagnostic (it never quotes the file).
        package var message: String {
            switch self {
            case .unreadable(let path, let reason): "\(path): cannot read the API key: \(reason)"
            case .notAKey(let path):
                "\(path): not an App Store Connect API key (expected the .p8 file: a PEM \"PRIVATE KEY\" of curve P-256)"
            }
        }
    }

    /// Reads a `.p8` file. `warning` is set when other users may read the file (mode & 0o077).
    package static func load(keyID: String, issuerID: String?, path: String) throws(LoadError) -> (key: APIKey, warning: String?) {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path, sizeLimit: 64 * 1024)
        } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
        guard let pem = String(validating: bytes, as: UTF8.self),
            let privateKey = try? P256.Signing.PrivateKey(pemRepresentation: pem)
        else { throw .notAKey(path: path) }
        var warning: String?
        if let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let mode = attributes[.posixPermissions] as? Int, mode & 0o077 != 0
        {
            warning = "\(path): the API key is readable by other users (mode \(String(mode & 0o777, radix: 8))); chmod 600 it"
        }
        return (APIKey(keyID: keyID, issuerID: issuerID, privateKey: privateKey), warning)
    }
}
