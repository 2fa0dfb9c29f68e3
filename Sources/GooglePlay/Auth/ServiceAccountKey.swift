import Crypto
import Foundation
import IAPCatalog
import StoreHTTP
import _CryptoExtras

/// A Google service account's JSON key: the account's e-mail (the tokens' issuer), the RSA key
/// that signs them, its id, and where tokens come from (`token_uri`).
///
/// The key never appears in a description, a message or a log: `description` names the account only.
package struct ServiceAccountKey: Sendable, CustomStringConvertible {
    /// The service account's e-mail (`client_email`), the assertion's issuer.
    package var clientEmail: String
    /// The key's id (`private_key_id`), sent as the assertion's `kid`.
    package var keyID: String?
    /// Where access tokens come from (`token_uri`; Google's is `https://oauth2.googleapis.com/token`).
    package var tokenURI: String
    /// The RSA signing key (2048 bits or more).
    let privateKey: _RSA.Signing.PrivateKey

    /// A key from its parts.
    package init(clientEmail: String, keyID: String?, tokenURI: String, privateKey: _RSA.Signing.PrivateKey) {
        self.clientEmail = clientEmail
        self.keyID = keyID
        self.tokenURI = tokenURI
        self.privateKey = privateKey
    }

    /// `service account NAME@PROJECT.iam.gserviceaccount.com`: never the key.
    package var description: String { "service account \(ServerText.shown(clientEmail, limit: 200))" }

    /// Google's token endpoint.
    package static let googleTokenURI = "https://oauth2.googleapis.com/token"

    /// Why a key file cannot be used.
    package enum LoadError: Error, Equatable, Sendable {
        /// The file cannot be read.
        case unreadable(path: String, reason: String)
        /// The file is not a usable service-account key; `reason` says what is wrong (never quoting the key).
        case notAKey(path: String, reason: String)

        /// One line for a diagnostic.
        package var message: String {
            switch self {
            case .unreadable(let path, let reason): "\(path): cannot read the service-account key: \(reason)"
            case .notAKey(let path, let reason): "\(path): not a Google service-account key: \(reason)"
            }
        }
    }

    private struct File: Decodable {
        var type: String?
        var client_email: String?
        var private_key: String?
        var private_key_id: String?
        var token_uri: String?
    }

    /// Reads a key file (at most 64 KiB). `warning` is set when other users may read it.
    package static func load(path: String) throws(LoadError) -> (key: ServiceAccountKey, warning: String?) {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path, sizeLimit: 64 << 10)
        } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
        let key = try parse(bytes, path: path)
        var warning: String?
        if let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let mode = attributes[.posixPermissions] as? Int, mode & 0o077 != 0
        {
            warning = "\(path): the service-account key is readable by other users (mode \(String(mode & 0o777, radix: 8))); chmod 600 it"
        }
        return (key, warning)
    }

    /// The key in `bytes` (the JSON Google Cloud's console downloads).
    package static func parse(_ bytes: [UInt8], path: String) throws(LoadError) -> ServiceAccountKey {
        guard let file = try? JSONDecoder().decode(File.self, from: Data(bytes)) else {
            throw .notAKey(path: path, reason: "not a JSON object of a key's fields")
        }
        // Strict JSON, as every document iapcat reads: a member given twice (a second `token_uri`
        // where the signed assertion goes) is refused, not read as one reader or another takes it.
        do {
            _ = try JSONValueReader.read(bytes)
        } catch {
            throw .notAKey(path: path, reason: "line \(error.position.line), column \(error.position.column): \(error.message)")
        }
        guard file.type == "service_account" else {
            throw .notAKey(
                path: path,
                reason: "its type is \(file.type.map { "'\(ServerText.shown($0, limit: 40))'" } ?? "missing"), not 'service_account'")
        }
        guard let email = file.client_email, !email.isEmpty, email.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
            throw .notAKey(path: path, reason: "client_email is missing or not an e-mail address")
        }
        guard let pem = file.private_key, let privateKey = try? _RSA.Signing.PrivateKey(pemRepresentation: pem) else {
            throw .notAKey(path: path, reason: "private_key is missing or not a PEM RSA key of 2048 bits or more")
        }
        let tokenURI = file.token_uri ?? googleTokenURI
        do {
            _ = try EndpointURL(checking: tokenURI)
        } catch {
            throw .notAKey(
                path: path,
                reason:
                    "token_uri '\(ServerText.shown(tokenURI, limit: 80))' is refused: \(error.reason { "'\(ServerText.shown($0, limit: 80))'" })"
            )
        }
        return ServiceAccountKey(clientEmail: email, keyID: file.private_key_id, tokenURI: tokenURI, privateKey: privateKey)
    }
}
