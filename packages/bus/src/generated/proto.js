/*eslint-disable block-scoped-var, id-length, no-control-regex, no-magic-numbers, no-mixed-operators, no-prototype-builtins, no-redeclare, no-shadow, no-var, sort-vars, default-case, jsdoc/require-param*/
import $protobuf from "protobufjs/minimal.js";

// Common aliases
const $Reader = $protobuf.Reader, $Writer = $protobuf.Writer, $util = $protobuf.util;
const $Object = $util.global.Object, $undefined = $util.global.undefined, $Error = $util.global.Error, $RangeError = $util.global.RangeError, $Array = $util.global.Array, $TypeError = $util.global.TypeError, $String = $util.global.String, $Number = $util.global.Number, $parseInt = $util.global.parseInt, $BigInt = $util.global.BigInt;

// Exported root namespace
const $root = $protobuf.roots["default"] || ($protobuf.roots["default"] = {});

export const kruise = $root.kruise = (() => {

    /**
     * Namespace kruise.
     * @exports kruise
     * @namespace
     */
    const kruise = {};

    kruise.bus = (function() {

        /**
         * Namespace bus.
         * @memberof kruise
         * @namespace
         */
        const bus = {};

        bus.v1 = (function() {

            /**
             * Namespace v1.
             * @memberof kruise.bus
             * @namespace
             */
            const v1 = {};

            /**
             * CertificateRotationReason enum.
             * @name kruise.bus.v1.CertificateRotationReason
             * @enum {number}
             * @property {number} CERTIFICATE_ROTATION_REASON_UNSPECIFIED=0 CERTIFICATE_ROTATION_REASON_UNSPECIFIED value
             * @property {number} CERTIFICATE_ROTATION_REASON_CREATED=1 CERTIFICATE_ROTATION_REASON_CREATED value
             * @property {number} CERTIFICATE_ROTATION_REASON_EXPIRING=2 CERTIFICATE_ROTATION_REASON_EXPIRING value
             * @property {number} CERTIFICATE_ROTATION_REASON_RESET=3 CERTIFICATE_ROTATION_REASON_RESET value
             */
            v1.CertificateRotationReason = (function() {
                const valuesById = $Object.create(null), values = $Object.create(valuesById);
                values[valuesById[0] = "CERTIFICATE_ROTATION_REASON_UNSPECIFIED"] = 0;
                values[valuesById[1] = "CERTIFICATE_ROTATION_REASON_CREATED"] = 1;
                values[valuesById[2] = "CERTIFICATE_ROTATION_REASON_EXPIRING"] = 2;
                values[valuesById[3] = "CERTIFICATE_ROTATION_REASON_RESET"] = 3;
                return values;
            })();

            v1.CertificateRotated = (function() {

                /**
                 * Properties of a CertificateRotated.
                 * @typedef {Object} kruise.bus.v1.CertificateRotated.$Properties
                 * @property {kruise.bus.v1.EventMeta.$Properties|null} [meta] CertificateRotated meta
                 * @property {kruise.bus.v1.ObjectRef.$Properties|null} [secret] CertificateRotated secret
                 * @property {kruise.bus.v1.CertificateRotationReason|null} [reason] CertificateRotated reason
                 * @property {string|null} [serialNumber] CertificateRotated serialNumber
                 * @property {google.protobuf.Timestamp.$Properties|null} [notBefore] CertificateRotated notBefore
                 * @property {google.protobuf.Timestamp.$Properties|null} [notAfter] CertificateRotated notAfter
                 * @property {Array.<string>|null} [dnsNames] CertificateRotated dnsNames
                 * @property {string|null} [caFingerprintSha256] CertificateRotated caFingerprintSha256
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a CertificateRotated.
                 * @memberof kruise.bus.v1
                 * @interface ICertificateRotated
                 * @augments kruise.bus.v1.CertificateRotated.$Properties
                 * @deprecated Use kruise.bus.v1.CertificateRotated.$Properties instead.
                 */

                /**
                 * Shape of a CertificateRotated.
                 * @typedef {kruise.bus.v1.CertificateRotated.$Properties} kruise.bus.v1.CertificateRotated.$Shape
                 */

                /**
                 * Constructs a new CertificateRotated.
                 * @memberof kruise.bus.v1
                 * @classdesc Represents a CertificateRotated.
                 * @constructor
                 * @param {kruise.bus.v1.CertificateRotated.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const CertificateRotated = function (properties) {
                    this.dnsNames = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * CertificateRotated meta.
                 * @member {kruise.bus.v1.EventMeta.$Properties|null|undefined} meta
                 * @memberof kruise.bus.v1.CertificateRotated
                 * @instance
                 */
                CertificateRotated.prototype.meta = null;

                /**
                 * CertificateRotated secret.
                 * @member {kruise.bus.v1.ObjectRef.$Properties|null|undefined} secret
                 * @memberof kruise.bus.v1.CertificateRotated
                 * @instance
                 */
                CertificateRotated.prototype.secret = null;

                /**
                 * CertificateRotated reason.
                 * @member {kruise.bus.v1.CertificateRotationReason} reason
                 * @memberof kruise.bus.v1.CertificateRotated
                 * @instance
                 */
                CertificateRotated.prototype.reason = 0;

                /**
                 * CertificateRotated serialNumber.
                 * @member {string} serialNumber
                 * @memberof kruise.bus.v1.CertificateRotated
                 * @instance
                 */
                CertificateRotated.prototype.serialNumber = "";

                /**
                 * CertificateRotated notBefore.
                 * @member {google.protobuf.Timestamp.$Properties|null|undefined} notBefore
                 * @memberof kruise.bus.v1.CertificateRotated
                 * @instance
                 */
                CertificateRotated.prototype.notBefore = null;

                /**
                 * CertificateRotated notAfter.
                 * @member {google.protobuf.Timestamp.$Properties|null|undefined} notAfter
                 * @memberof kruise.bus.v1.CertificateRotated
                 * @instance
                 */
                CertificateRotated.prototype.notAfter = null;

                /**
                 * CertificateRotated dnsNames.
                 * @member {Array.<string>} dnsNames
                 * @memberof kruise.bus.v1.CertificateRotated
                 * @instance
                 */
                CertificateRotated.prototype.dnsNames = $util.emptyArray;

                /**
                 * CertificateRotated caFingerprintSha256.
                 * @member {string} caFingerprintSha256
                 * @memberof kruise.bus.v1.CertificateRotated
                 * @instance
                 */
                CertificateRotated.prototype.caFingerprintSha256 = "";

                /**
                 * Creates a new CertificateRotated instance using the specified properties.
                 * @function create
                 * @memberof kruise.bus.v1.CertificateRotated
                 * @static
                 * @param {kruise.bus.v1.CertificateRotated.$Properties=} [properties] Properties to set
                 * @returns {kruise.bus.v1.CertificateRotated} CertificateRotated instance
                 * @type {{
                 *   (properties: kruise.bus.v1.CertificateRotated.$Shape): kruise.bus.v1.CertificateRotated & kruise.bus.v1.CertificateRotated.$Shape;
                 *   (properties?: kruise.bus.v1.CertificateRotated.$Properties): kruise.bus.v1.CertificateRotated;
                 * }}
                 */
                CertificateRotated.create = function(properties) {
                    return new CertificateRotated(properties);
                };

                /**
                 * Encodes the specified CertificateRotated message. Does not implicitly {@link kruise.bus.v1.CertificateRotated.verify|verify} messages.
                 * @function encode
                 * @memberof kruise.bus.v1.CertificateRotated
                 * @static
                 * @param {kruise.bus.v1.CertificateRotated.$Properties} message CertificateRotated message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                CertificateRotated.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.meta != null && $Object.hasOwnProperty.call(message, "meta"))
                        $root.kruise.bus.v1.EventMeta.encode(message.meta, writer.uint32(/* id 1, wireType 2 =*/10).fork(), _depth + 1).ldelim();
                    if (message.secret != null && $Object.hasOwnProperty.call(message, "secret"))
                        $root.kruise.bus.v1.ObjectRef.encode(message.secret, writer.uint32(/* id 2, wireType 2 =*/18).fork(), _depth + 1).ldelim();
                    if (message.reason != null && $Object.hasOwnProperty.call(message, "reason") && message.reason !== 0)
                        writer.uint32(/* id 3, wireType 0 =*/24).int32(message.reason);
                    if (message.serialNumber != null && $Object.hasOwnProperty.call(message, "serialNumber") && message.serialNumber !== "")
                        writer.uint32(/* id 4, wireType 2 =*/34).string(message.serialNumber);
                    if (message.notBefore != null && $Object.hasOwnProperty.call(message, "notBefore"))
                        $root.google.protobuf.Timestamp.encode(message.notBefore, writer.uint32(/* id 5, wireType 2 =*/42).fork(), _depth + 1).ldelim();
                    if (message.notAfter != null && $Object.hasOwnProperty.call(message, "notAfter"))
                        $root.google.protobuf.Timestamp.encode(message.notAfter, writer.uint32(/* id 6, wireType 2 =*/50).fork(), _depth + 1).ldelim();
                    if (message.dnsNames != null && message.dnsNames.length)
                        for (let i = 0; i < message.dnsNames.length; ++i)
                            writer.uint32(/* id 7, wireType 2 =*/58).string(message.dnsNames[i]);
                    if (message.caFingerprintSha256 != null && $Object.hasOwnProperty.call(message, "caFingerprintSha256") && message.caFingerprintSha256 !== "")
                        writer.uint32(/* id 8, wireType 2 =*/66).string(message.caFingerprintSha256);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Encodes the specified CertificateRotated message, length delimited. Does not implicitly {@link kruise.bus.v1.CertificateRotated.verify|verify} messages.
                 * @function encodeDelimited
                 * @memberof kruise.bus.v1.CertificateRotated
                 * @static
                 * @param {kruise.bus.v1.CertificateRotated.$Properties} message CertificateRotated message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                CertificateRotated.encodeDelimited = function(message, writer) {
                    return this.encode(message, (writer || $Writer.create()).fork()).ldelim();
                };

                /**
                 * Decodes a CertificateRotated message from the specified reader or buffer.
                 * @function decode
                 * @memberof kruise.bus.v1.CertificateRotated
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {kruise.bus.v1.CertificateRotated & kruise.bus.v1.CertificateRotated.$Shape} CertificateRotated
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                CertificateRotated.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.kruise.bus.v1.CertificateRotated();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                message.meta = $root.kruise.bus.v1.EventMeta.decode(reader, reader.size(), $undefined, _depth + 1, message.meta);
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                message.secret = $root.kruise.bus.v1.ObjectRef.decode(reader, reader.size(), $undefined, _depth + 1, message.secret);
                                continue;
                            }
                        case 3: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.int32())
                                    message.reason = value;
                                else
                                    delete message.reason;
                                continue;
                            }
                        case 4: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.serialNumber = value;
                                else
                                    delete message.serialNumber;
                                continue;
                            }
                        case 5: {
                                if (wireType !== 2)
                                    break;
                                message.notBefore = $root.google.protobuf.Timestamp.decode(reader, reader.size(), $undefined, _depth + 1, message.notBefore);
                                continue;
                            }
                        case 6: {
                                if (wireType !== 2)
                                    break;
                                message.notAfter = $root.google.protobuf.Timestamp.decode(reader, reader.size(), $undefined, _depth + 1, message.notAfter);
                                continue;
                            }
                        case 7: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.dnsNames && message.dnsNames.length))
                                    message.dnsNames = [];
                                message.dnsNames.push(reader.stringVerify());
                                continue;
                            }
                        case 8: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.caFingerprintSha256 = value;
                                else
                                    delete message.caFingerprintSha256;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Decodes a CertificateRotated message from the specified reader or buffer, length delimited.
                 * @function decodeDelimited
                 * @memberof kruise.bus.v1.CertificateRotated
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @returns {kruise.bus.v1.CertificateRotated & kruise.bus.v1.CertificateRotated.$Shape} CertificateRotated
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                CertificateRotated.decodeDelimited = function(reader) {
                    if (!(reader instanceof $Reader))
                        reader = new $Reader(reader);
                    return this.decode(reader, reader.size());
                };

                /**
                 * Verifies a CertificateRotated message.
                 * @function verify
                 * @memberof kruise.bus.v1.CertificateRotated
                 * @static
                 * @param {Object.<string,*>} message Plain object to verify
                 * @returns {string|null} `null` if valid, otherwise the reason why it is not
                 */
                CertificateRotated.verify = function (message, _depth) {
                    if (typeof message !== "object" || message === null)
                        return "object expected";
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        return "max depth exceeded";
                    if (message.meta != null && $Object.hasOwnProperty.call(message, "meta")) {
                        let error = $root.kruise.bus.v1.EventMeta.verify(message.meta, _depth + 1);
                        if (error)
                            return "meta." + error;
                    }
                    if (message.secret != null && $Object.hasOwnProperty.call(message, "secret")) {
                        let error = $root.kruise.bus.v1.ObjectRef.verify(message.secret, _depth + 1);
                        if (error)
                            return "secret." + error;
                    }
                    if (message.reason != null && $Object.hasOwnProperty.call(message, "reason"))
                        if (typeof message.reason !== "number" || (message.reason | 0) !== message.reason)
                            return "reason: enum value expected";
                    if (message.serialNumber != null && $Object.hasOwnProperty.call(message, "serialNumber"))
                        if (!$util.isString(message.serialNumber))
                            return "serialNumber: string expected";
                    if (message.notBefore != null && $Object.hasOwnProperty.call(message, "notBefore")) {
                        let error = $root.google.protobuf.Timestamp.verify(message.notBefore, _depth + 1);
                        if (error)
                            return "notBefore." + error;
                    }
                    if (message.notAfter != null && $Object.hasOwnProperty.call(message, "notAfter")) {
                        let error = $root.google.protobuf.Timestamp.verify(message.notAfter, _depth + 1);
                        if (error)
                            return "notAfter." + error;
                    }
                    if (message.dnsNames != null && $Object.hasOwnProperty.call(message, "dnsNames")) {
                        if (!$Array.isArray(message.dnsNames))
                            return "dnsNames: array expected";
                        for (let i = 0; i < message.dnsNames.length; ++i)
                            if (!$util.isString(message.dnsNames[i]))
                                return "dnsNames: string[] expected";
                    }
                    if (message.caFingerprintSha256 != null && $Object.hasOwnProperty.call(message, "caFingerprintSha256"))
                        if (!$util.isString(message.caFingerprintSha256))
                            return "caFingerprintSha256: string expected";
                    return null;
                };

                /**
                 * Creates a CertificateRotated message from a plain object. Also converts values to their respective internal types.
                 * @function fromObject
                 * @memberof kruise.bus.v1.CertificateRotated
                 * @static
                 * @param {Object.<string,*>} object Plain object
                 * @returns {kruise.bus.v1.CertificateRotated} CertificateRotated
                 */
                CertificateRotated.fromObject = function (object, _depth) {
                    if (object instanceof $root.kruise.bus.v1.CertificateRotated)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".kruise.bus.v1.CertificateRotated: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.kruise.bus.v1.CertificateRotated();
                    if (object.meta != null) {
                        if (!$util.isObject(object.meta))
                            throw $TypeError(".kruise.bus.v1.CertificateRotated.meta: object expected");
                        message.meta = $root.kruise.bus.v1.EventMeta.fromObject(object.meta, _depth + 1);
                    }
                    if (object.secret != null) {
                        if (!$util.isObject(object.secret))
                            throw $TypeError(".kruise.bus.v1.CertificateRotated.secret: object expected");
                        message.secret = $root.kruise.bus.v1.ObjectRef.fromObject(object.secret, _depth + 1);
                    }
                    if (object.reason !== 0 && (typeof object.reason !== "string" || $root.kruise.bus.v1.CertificateRotationReason[object.reason] !== 0))
                        switch (object.reason) {
                        case "CERTIFICATE_ROTATION_REASON_UNSPECIFIED":
                        case 0:
                            message.reason = 0;
                            break;
                        case "CERTIFICATE_ROTATION_REASON_CREATED":
                        case 1:
                            message.reason = 1;
                            break;
                        case "CERTIFICATE_ROTATION_REASON_EXPIRING":
                        case 2:
                            message.reason = 2;
                            break;
                        case "CERTIFICATE_ROTATION_REASON_RESET":
                        case 3:
                            message.reason = 3;
                            break;
                        default:
                            if (typeof object.reason === "number" && (object.reason | 0) === object.reason)
                                message.reason = object.reason;
                        }
                    if (object.serialNumber != null)
                        if (typeof object.serialNumber !== "string" || object.serialNumber.length)
                            message.serialNumber = $String(object.serialNumber);
                    if (object.notBefore != null) {
                        if (!$util.isObject(object.notBefore))
                            throw $TypeError(".kruise.bus.v1.CertificateRotated.notBefore: object expected");
                        message.notBefore = $root.google.protobuf.Timestamp.fromObject(object.notBefore, _depth + 1);
                    }
                    if (object.notAfter != null) {
                        if (!$util.isObject(object.notAfter))
                            throw $TypeError(".kruise.bus.v1.CertificateRotated.notAfter: object expected");
                        message.notAfter = $root.google.protobuf.Timestamp.fromObject(object.notAfter, _depth + 1);
                    }
                    if (object.dnsNames) {
                        if (!$Array.isArray(object.dnsNames))
                            throw $TypeError(".kruise.bus.v1.CertificateRotated.dnsNames: array expected");
                        message.dnsNames = $Array(object.dnsNames.length);
                        for (let i = 0; i < object.dnsNames.length; ++i)
                            message.dnsNames[i] = $String(object.dnsNames[i]);
                    }
                    if (object.caFingerprintSha256 != null)
                        if (typeof object.caFingerprintSha256 !== "string" || object.caFingerprintSha256.length)
                            message.caFingerprintSha256 = $String(object.caFingerprintSha256);
                    return message;
                };

                /**
                 * Creates a plain object from a CertificateRotated message. Also converts values to other types if specified.
                 * @function toObject
                 * @memberof kruise.bus.v1.CertificateRotated
                 * @static
                 * @param {kruise.bus.v1.CertificateRotated} message CertificateRotated
                 * @param {$protobuf.IConversionOptions} [options] Conversion options
                 * @returns {Object.<string,*>} Plain object
                 */
                CertificateRotated.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.arrays || options.defaults)
                        object.dnsNames = [];
                    if (options.defaults) {
                        object.meta = null;
                        object.secret = null;
                        object.reason = options.enums === $String ? "CERTIFICATE_ROTATION_REASON_UNSPECIFIED" : 0;
                        object.serialNumber = "";
                        object.notBefore = null;
                        object.notAfter = null;
                        object.caFingerprintSha256 = "";
                    }
                    if (message.meta != null && $Object.hasOwnProperty.call(message, "meta"))
                        object.meta = $root.kruise.bus.v1.EventMeta.toObject(message.meta, options, _depth + 1);
                    if (message.secret != null && $Object.hasOwnProperty.call(message, "secret"))
                        object.secret = $root.kruise.bus.v1.ObjectRef.toObject(message.secret, options, _depth + 1);
                    if (message.reason != null && $Object.hasOwnProperty.call(message, "reason"))
                        object.reason = options.enums === $String ? $root.kruise.bus.v1.CertificateRotationReason[message.reason] === $undefined ? message.reason : $root.kruise.bus.v1.CertificateRotationReason[message.reason] : message.reason;
                    if (message.serialNumber != null && $Object.hasOwnProperty.call(message, "serialNumber"))
                        object.serialNumber = message.serialNumber;
                    if (message.notBefore != null && $Object.hasOwnProperty.call(message, "notBefore"))
                        object.notBefore = $root.google.protobuf.Timestamp.toObject(message.notBefore, options, _depth + 1);
                    if (message.notAfter != null && $Object.hasOwnProperty.call(message, "notAfter"))
                        object.notAfter = $root.google.protobuf.Timestamp.toObject(message.notAfter, options, _depth + 1);
                    if (message.dnsNames && message.dnsNames.length) {
                        object.dnsNames = $Array(message.dnsNames.length);
                        for (let j = 0; j < message.dnsNames.length; ++j)
                            object.dnsNames[j] = message.dnsNames[j];
                    }
                    if (message.caFingerprintSha256 != null && $Object.hasOwnProperty.call(message, "caFingerprintSha256"))
                        object.caFingerprintSha256 = message.caFingerprintSha256;
                    return object;
                };

                /**
                 * Converts this CertificateRotated to JSON.
                 * @function toJSON
                 * @memberof kruise.bus.v1.CertificateRotated
                 * @instance
                 * @returns {Object.<string,*>} JSON object
                 */
                CertificateRotated.prototype.toJSON = function() {
                    return CertificateRotated.toObject(this, $protobuf.util.toJSONOptions);
                };

                /**
                 * Gets the type url for CertificateRotated
                 * @function getTypeUrl
                 * @memberof kruise.bus.v1.CertificateRotated
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                CertificateRotated.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/kruise.bus.v1.CertificateRotated";
                };

                return CertificateRotated;
            })();

            v1.GroupVersionKind = (function() {

                /**
                 * Properties of a GroupVersionKind.
                 * @typedef {Object} kruise.bus.v1.GroupVersionKind.$Properties
                 * @property {string|null} [group] GroupVersionKind group
                 * @property {string|null} [version] GroupVersionKind version
                 * @property {string|null} [kind] GroupVersionKind kind
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a GroupVersionKind.
                 * @memberof kruise.bus.v1
                 * @interface IGroupVersionKind
                 * @augments kruise.bus.v1.GroupVersionKind.$Properties
                 * @deprecated Use kruise.bus.v1.GroupVersionKind.$Properties instead.
                 */

                /**
                 * Shape of a GroupVersionKind.
                 * @typedef {kruise.bus.v1.GroupVersionKind.$Properties} kruise.bus.v1.GroupVersionKind.$Shape
                 */

                /**
                 * Constructs a new GroupVersionKind.
                 * @memberof kruise.bus.v1
                 * @classdesc Represents a GroupVersionKind.
                 * @constructor
                 * @param {kruise.bus.v1.GroupVersionKind.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const GroupVersionKind = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * GroupVersionKind group.
                 * @member {string} group
                 * @memberof kruise.bus.v1.GroupVersionKind
                 * @instance
                 */
                GroupVersionKind.prototype.group = "";

                /**
                 * GroupVersionKind version.
                 * @member {string} version
                 * @memberof kruise.bus.v1.GroupVersionKind
                 * @instance
                 */
                GroupVersionKind.prototype.version = "";

                /**
                 * GroupVersionKind kind.
                 * @member {string} kind
                 * @memberof kruise.bus.v1.GroupVersionKind
                 * @instance
                 */
                GroupVersionKind.prototype.kind = "";

                /**
                 * Creates a new GroupVersionKind instance using the specified properties.
                 * @function create
                 * @memberof kruise.bus.v1.GroupVersionKind
                 * @static
                 * @param {kruise.bus.v1.GroupVersionKind.$Properties=} [properties] Properties to set
                 * @returns {kruise.bus.v1.GroupVersionKind} GroupVersionKind instance
                 * @type {{
                 *   (properties: kruise.bus.v1.GroupVersionKind.$Shape): kruise.bus.v1.GroupVersionKind & kruise.bus.v1.GroupVersionKind.$Shape;
                 *   (properties?: kruise.bus.v1.GroupVersionKind.$Properties): kruise.bus.v1.GroupVersionKind;
                 * }}
                 */
                GroupVersionKind.create = function(properties) {
                    return new GroupVersionKind(properties);
                };

                /**
                 * Encodes the specified GroupVersionKind message. Does not implicitly {@link kruise.bus.v1.GroupVersionKind.verify|verify} messages.
                 * @function encode
                 * @memberof kruise.bus.v1.GroupVersionKind
                 * @static
                 * @param {kruise.bus.v1.GroupVersionKind.$Properties} message GroupVersionKind message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                GroupVersionKind.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.group != null && $Object.hasOwnProperty.call(message, "group") && message.group !== "")
                        writer.uint32(/* id 1, wireType 2 =*/10).string(message.group);
                    if (message.version != null && $Object.hasOwnProperty.call(message, "version") && message.version !== "")
                        writer.uint32(/* id 2, wireType 2 =*/18).string(message.version);
                    if (message.kind != null && $Object.hasOwnProperty.call(message, "kind") && message.kind !== "")
                        writer.uint32(/* id 3, wireType 2 =*/26).string(message.kind);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Encodes the specified GroupVersionKind message, length delimited. Does not implicitly {@link kruise.bus.v1.GroupVersionKind.verify|verify} messages.
                 * @function encodeDelimited
                 * @memberof kruise.bus.v1.GroupVersionKind
                 * @static
                 * @param {kruise.bus.v1.GroupVersionKind.$Properties} message GroupVersionKind message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                GroupVersionKind.encodeDelimited = function(message, writer) {
                    return this.encode(message, (writer || $Writer.create()).fork()).ldelim();
                };

                /**
                 * Decodes a GroupVersionKind message from the specified reader or buffer.
                 * @function decode
                 * @memberof kruise.bus.v1.GroupVersionKind
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {kruise.bus.v1.GroupVersionKind & kruise.bus.v1.GroupVersionKind.$Shape} GroupVersionKind
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                GroupVersionKind.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.kruise.bus.v1.GroupVersionKind();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.group = value;
                                else
                                    delete message.group;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.version = value;
                                else
                                    delete message.version;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.kind = value;
                                else
                                    delete message.kind;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Decodes a GroupVersionKind message from the specified reader or buffer, length delimited.
                 * @function decodeDelimited
                 * @memberof kruise.bus.v1.GroupVersionKind
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @returns {kruise.bus.v1.GroupVersionKind & kruise.bus.v1.GroupVersionKind.$Shape} GroupVersionKind
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                GroupVersionKind.decodeDelimited = function(reader) {
                    if (!(reader instanceof $Reader))
                        reader = new $Reader(reader);
                    return this.decode(reader, reader.size());
                };

                /**
                 * Verifies a GroupVersionKind message.
                 * @function verify
                 * @memberof kruise.bus.v1.GroupVersionKind
                 * @static
                 * @param {Object.<string,*>} message Plain object to verify
                 * @returns {string|null} `null` if valid, otherwise the reason why it is not
                 */
                GroupVersionKind.verify = function (message, _depth) {
                    if (typeof message !== "object" || message === null)
                        return "object expected";
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        return "max depth exceeded";
                    if (message.group != null && $Object.hasOwnProperty.call(message, "group"))
                        if (!$util.isString(message.group))
                            return "group: string expected";
                    if (message.version != null && $Object.hasOwnProperty.call(message, "version"))
                        if (!$util.isString(message.version))
                            return "version: string expected";
                    if (message.kind != null && $Object.hasOwnProperty.call(message, "kind"))
                        if (!$util.isString(message.kind))
                            return "kind: string expected";
                    return null;
                };

                /**
                 * Creates a GroupVersionKind message from a plain object. Also converts values to their respective internal types.
                 * @function fromObject
                 * @memberof kruise.bus.v1.GroupVersionKind
                 * @static
                 * @param {Object.<string,*>} object Plain object
                 * @returns {kruise.bus.v1.GroupVersionKind} GroupVersionKind
                 */
                GroupVersionKind.fromObject = function (object, _depth) {
                    if (object instanceof $root.kruise.bus.v1.GroupVersionKind)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".kruise.bus.v1.GroupVersionKind: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.kruise.bus.v1.GroupVersionKind();
                    if (object.group != null)
                        if (typeof object.group !== "string" || object.group.length)
                            message.group = $String(object.group);
                    if (object.version != null)
                        if (typeof object.version !== "string" || object.version.length)
                            message.version = $String(object.version);
                    if (object.kind != null)
                        if (typeof object.kind !== "string" || object.kind.length)
                            message.kind = $String(object.kind);
                    return message;
                };

                /**
                 * Creates a plain object from a GroupVersionKind message. Also converts values to other types if specified.
                 * @function toObject
                 * @memberof kruise.bus.v1.GroupVersionKind
                 * @static
                 * @param {kruise.bus.v1.GroupVersionKind} message GroupVersionKind
                 * @param {$protobuf.IConversionOptions} [options] Conversion options
                 * @returns {Object.<string,*>} Plain object
                 */
                GroupVersionKind.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults) {
                        object.group = "";
                        object.version = "";
                        object.kind = "";
                    }
                    if (message.group != null && $Object.hasOwnProperty.call(message, "group"))
                        object.group = message.group;
                    if (message.version != null && $Object.hasOwnProperty.call(message, "version"))
                        object.version = message.version;
                    if (message.kind != null && $Object.hasOwnProperty.call(message, "kind"))
                        object.kind = message.kind;
                    return object;
                };

                /**
                 * Converts this GroupVersionKind to JSON.
                 * @function toJSON
                 * @memberof kruise.bus.v1.GroupVersionKind
                 * @instance
                 * @returns {Object.<string,*>} JSON object
                 */
                GroupVersionKind.prototype.toJSON = function() {
                    return GroupVersionKind.toObject(this, $protobuf.util.toJSONOptions);
                };

                /**
                 * Gets the type url for GroupVersionKind
                 * @function getTypeUrl
                 * @memberof kruise.bus.v1.GroupVersionKind
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                GroupVersionKind.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/kruise.bus.v1.GroupVersionKind";
                };

                return GroupVersionKind;
            })();

            v1.ObjectRef = (function() {

                /**
                 * Properties of an ObjectRef.
                 * @typedef {Object} kruise.bus.v1.ObjectRef.$Properties
                 * @property {kruise.bus.v1.GroupVersionKind.$Properties|null} [kind] ObjectRef kind
                 * @property {string|null} [namespace] ObjectRef namespace
                 * @property {string|null} [name] ObjectRef name
                 * @property {string|null} [uid] ObjectRef uid
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of an ObjectRef.
                 * @memberof kruise.bus.v1
                 * @interface IObjectRef
                 * @augments kruise.bus.v1.ObjectRef.$Properties
                 * @deprecated Use kruise.bus.v1.ObjectRef.$Properties instead.
                 */

                /**
                 * Shape of an ObjectRef.
                 * @typedef {kruise.bus.v1.ObjectRef.$Properties} kruise.bus.v1.ObjectRef.$Shape
                 */

                /**
                 * Constructs a new ObjectRef.
                 * @memberof kruise.bus.v1
                 * @classdesc Represents an ObjectRef.
                 * @constructor
                 * @param {kruise.bus.v1.ObjectRef.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const ObjectRef = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * ObjectRef kind.
                 * @member {kruise.bus.v1.GroupVersionKind.$Properties|null|undefined} kind
                 * @memberof kruise.bus.v1.ObjectRef
                 * @instance
                 */
                ObjectRef.prototype.kind = null;

                /**
                 * ObjectRef namespace.
                 * @member {string} namespace
                 * @memberof kruise.bus.v1.ObjectRef
                 * @instance
                 */
                ObjectRef.prototype.namespace = "";

                /**
                 * ObjectRef name.
                 * @member {string} name
                 * @memberof kruise.bus.v1.ObjectRef
                 * @instance
                 */
                ObjectRef.prototype.name = "";

                /**
                 * ObjectRef uid.
                 * @member {string} uid
                 * @memberof kruise.bus.v1.ObjectRef
                 * @instance
                 */
                ObjectRef.prototype.uid = "";

                /**
                 * Creates a new ObjectRef instance using the specified properties.
                 * @function create
                 * @memberof kruise.bus.v1.ObjectRef
                 * @static
                 * @param {kruise.bus.v1.ObjectRef.$Properties=} [properties] Properties to set
                 * @returns {kruise.bus.v1.ObjectRef} ObjectRef instance
                 * @type {{
                 *   (properties: kruise.bus.v1.ObjectRef.$Shape): kruise.bus.v1.ObjectRef & kruise.bus.v1.ObjectRef.$Shape;
                 *   (properties?: kruise.bus.v1.ObjectRef.$Properties): kruise.bus.v1.ObjectRef;
                 * }}
                 */
                ObjectRef.create = function(properties) {
                    return new ObjectRef(properties);
                };

                /**
                 * Encodes the specified ObjectRef message. Does not implicitly {@link kruise.bus.v1.ObjectRef.verify|verify} messages.
                 * @function encode
                 * @memberof kruise.bus.v1.ObjectRef
                 * @static
                 * @param {kruise.bus.v1.ObjectRef.$Properties} message ObjectRef message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                ObjectRef.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.kind != null && $Object.hasOwnProperty.call(message, "kind"))
                        $root.kruise.bus.v1.GroupVersionKind.encode(message.kind, writer.uint32(/* id 1, wireType 2 =*/10).fork(), _depth + 1).ldelim();
                    if (message.namespace != null && $Object.hasOwnProperty.call(message, "namespace") && message.namespace !== "")
                        writer.uint32(/* id 2, wireType 2 =*/18).string(message.namespace);
                    if (message.name != null && $Object.hasOwnProperty.call(message, "name") && message.name !== "")
                        writer.uint32(/* id 3, wireType 2 =*/26).string(message.name);
                    if (message.uid != null && $Object.hasOwnProperty.call(message, "uid") && message.uid !== "")
                        writer.uint32(/* id 4, wireType 2 =*/34).string(message.uid);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Encodes the specified ObjectRef message, length delimited. Does not implicitly {@link kruise.bus.v1.ObjectRef.verify|verify} messages.
                 * @function encodeDelimited
                 * @memberof kruise.bus.v1.ObjectRef
                 * @static
                 * @param {kruise.bus.v1.ObjectRef.$Properties} message ObjectRef message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                ObjectRef.encodeDelimited = function(message, writer) {
                    return this.encode(message, (writer || $Writer.create()).fork()).ldelim();
                };

                /**
                 * Decodes an ObjectRef message from the specified reader or buffer.
                 * @function decode
                 * @memberof kruise.bus.v1.ObjectRef
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {kruise.bus.v1.ObjectRef & kruise.bus.v1.ObjectRef.$Shape} ObjectRef
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                ObjectRef.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.kruise.bus.v1.ObjectRef();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                message.kind = $root.kruise.bus.v1.GroupVersionKind.decode(reader, reader.size(), $undefined, _depth + 1, message.kind);
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.namespace = value;
                                else
                                    delete message.namespace;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.name = value;
                                else
                                    delete message.name;
                                continue;
                            }
                        case 4: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.uid = value;
                                else
                                    delete message.uid;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Decodes an ObjectRef message from the specified reader or buffer, length delimited.
                 * @function decodeDelimited
                 * @memberof kruise.bus.v1.ObjectRef
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @returns {kruise.bus.v1.ObjectRef & kruise.bus.v1.ObjectRef.$Shape} ObjectRef
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                ObjectRef.decodeDelimited = function(reader) {
                    if (!(reader instanceof $Reader))
                        reader = new $Reader(reader);
                    return this.decode(reader, reader.size());
                };

                /**
                 * Verifies an ObjectRef message.
                 * @function verify
                 * @memberof kruise.bus.v1.ObjectRef
                 * @static
                 * @param {Object.<string,*>} message Plain object to verify
                 * @returns {string|null} `null` if valid, otherwise the reason why it is not
                 */
                ObjectRef.verify = function (message, _depth) {
                    if (typeof message !== "object" || message === null)
                        return "object expected";
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        return "max depth exceeded";
                    if (message.kind != null && $Object.hasOwnProperty.call(message, "kind")) {
                        let error = $root.kruise.bus.v1.GroupVersionKind.verify(message.kind, _depth + 1);
                        if (error)
                            return "kind." + error;
                    }
                    if (message.namespace != null && $Object.hasOwnProperty.call(message, "namespace"))
                        if (!$util.isString(message.namespace))
                            return "namespace: string expected";
                    if (message.name != null && $Object.hasOwnProperty.call(message, "name"))
                        if (!$util.isString(message.name))
                            return "name: string expected";
                    if (message.uid != null && $Object.hasOwnProperty.call(message, "uid"))
                        if (!$util.isString(message.uid))
                            return "uid: string expected";
                    return null;
                };

                /**
                 * Creates an ObjectRef message from a plain object. Also converts values to their respective internal types.
                 * @function fromObject
                 * @memberof kruise.bus.v1.ObjectRef
                 * @static
                 * @param {Object.<string,*>} object Plain object
                 * @returns {kruise.bus.v1.ObjectRef} ObjectRef
                 */
                ObjectRef.fromObject = function (object, _depth) {
                    if (object instanceof $root.kruise.bus.v1.ObjectRef)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".kruise.bus.v1.ObjectRef: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.kruise.bus.v1.ObjectRef();
                    if (object.kind != null) {
                        if (!$util.isObject(object.kind))
                            throw $TypeError(".kruise.bus.v1.ObjectRef.kind: object expected");
                        message.kind = $root.kruise.bus.v1.GroupVersionKind.fromObject(object.kind, _depth + 1);
                    }
                    if (object.namespace != null)
                        if (typeof object.namespace !== "string" || object.namespace.length)
                            message.namespace = $String(object.namespace);
                    if (object.name != null)
                        if (typeof object.name !== "string" || object.name.length)
                            message.name = $String(object.name);
                    if (object.uid != null)
                        if (typeof object.uid !== "string" || object.uid.length)
                            message.uid = $String(object.uid);
                    return message;
                };

                /**
                 * Creates a plain object from an ObjectRef message. Also converts values to other types if specified.
                 * @function toObject
                 * @memberof kruise.bus.v1.ObjectRef
                 * @static
                 * @param {kruise.bus.v1.ObjectRef} message ObjectRef
                 * @param {$protobuf.IConversionOptions} [options] Conversion options
                 * @returns {Object.<string,*>} Plain object
                 */
                ObjectRef.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults) {
                        object.kind = null;
                        object.namespace = "";
                        object.name = "";
                        object.uid = "";
                    }
                    if (message.kind != null && $Object.hasOwnProperty.call(message, "kind"))
                        object.kind = $root.kruise.bus.v1.GroupVersionKind.toObject(message.kind, options, _depth + 1);
                    if (message.namespace != null && $Object.hasOwnProperty.call(message, "namespace"))
                        object.namespace = message.namespace;
                    if (message.name != null && $Object.hasOwnProperty.call(message, "name"))
                        object.name = message.name;
                    if (message.uid != null && $Object.hasOwnProperty.call(message, "uid"))
                        object.uid = message.uid;
                    return object;
                };

                /**
                 * Converts this ObjectRef to JSON.
                 * @function toJSON
                 * @memberof kruise.bus.v1.ObjectRef
                 * @instance
                 * @returns {Object.<string,*>} JSON object
                 */
                ObjectRef.prototype.toJSON = function() {
                    return ObjectRef.toObject(this, $protobuf.util.toJSONOptions);
                };

                /**
                 * Gets the type url for ObjectRef
                 * @function getTypeUrl
                 * @memberof kruise.bus.v1.ObjectRef
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                ObjectRef.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/kruise.bus.v1.ObjectRef";
                };

                return ObjectRef;
            })();

            v1.EventMeta = (function() {

                /**
                 * Properties of an EventMeta.
                 * @typedef {Object} kruise.bus.v1.EventMeta.$Properties
                 * @property {string|null} [eventId] EventMeta eventId
                 * @property {google.protobuf.Timestamp.$Properties|null} [occurredAt] EventMeta occurredAt
                 * @property {string|null} [publisherId] EventMeta publisherId
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of an EventMeta.
                 * @memberof kruise.bus.v1
                 * @interface IEventMeta
                 * @augments kruise.bus.v1.EventMeta.$Properties
                 * @deprecated Use kruise.bus.v1.EventMeta.$Properties instead.
                 */

                /**
                 * Shape of an EventMeta.
                 * @typedef {kruise.bus.v1.EventMeta.$Properties} kruise.bus.v1.EventMeta.$Shape
                 */

                /**
                 * Constructs a new EventMeta.
                 * @memberof kruise.bus.v1
                 * @classdesc Represents an EventMeta.
                 * @constructor
                 * @param {kruise.bus.v1.EventMeta.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const EventMeta = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * EventMeta eventId.
                 * @member {string} eventId
                 * @memberof kruise.bus.v1.EventMeta
                 * @instance
                 */
                EventMeta.prototype.eventId = "";

                /**
                 * EventMeta occurredAt.
                 * @member {google.protobuf.Timestamp.$Properties|null|undefined} occurredAt
                 * @memberof kruise.bus.v1.EventMeta
                 * @instance
                 */
                EventMeta.prototype.occurredAt = null;

                /**
                 * EventMeta publisherId.
                 * @member {string} publisherId
                 * @memberof kruise.bus.v1.EventMeta
                 * @instance
                 */
                EventMeta.prototype.publisherId = "";

                /**
                 * Creates a new EventMeta instance using the specified properties.
                 * @function create
                 * @memberof kruise.bus.v1.EventMeta
                 * @static
                 * @param {kruise.bus.v1.EventMeta.$Properties=} [properties] Properties to set
                 * @returns {kruise.bus.v1.EventMeta} EventMeta instance
                 * @type {{
                 *   (properties: kruise.bus.v1.EventMeta.$Shape): kruise.bus.v1.EventMeta & kruise.bus.v1.EventMeta.$Shape;
                 *   (properties?: kruise.bus.v1.EventMeta.$Properties): kruise.bus.v1.EventMeta;
                 * }}
                 */
                EventMeta.create = function(properties) {
                    return new EventMeta(properties);
                };

                /**
                 * Encodes the specified EventMeta message. Does not implicitly {@link kruise.bus.v1.EventMeta.verify|verify} messages.
                 * @function encode
                 * @memberof kruise.bus.v1.EventMeta
                 * @static
                 * @param {kruise.bus.v1.EventMeta.$Properties} message EventMeta message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                EventMeta.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.eventId != null && $Object.hasOwnProperty.call(message, "eventId") && message.eventId !== "")
                        writer.uint32(/* id 1, wireType 2 =*/10).string(message.eventId);
                    if (message.occurredAt != null && $Object.hasOwnProperty.call(message, "occurredAt"))
                        $root.google.protobuf.Timestamp.encode(message.occurredAt, writer.uint32(/* id 2, wireType 2 =*/18).fork(), _depth + 1).ldelim();
                    if (message.publisherId != null && $Object.hasOwnProperty.call(message, "publisherId") && message.publisherId !== "")
                        writer.uint32(/* id 3, wireType 2 =*/26).string(message.publisherId);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Encodes the specified EventMeta message, length delimited. Does not implicitly {@link kruise.bus.v1.EventMeta.verify|verify} messages.
                 * @function encodeDelimited
                 * @memberof kruise.bus.v1.EventMeta
                 * @static
                 * @param {kruise.bus.v1.EventMeta.$Properties} message EventMeta message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                EventMeta.encodeDelimited = function(message, writer) {
                    return this.encode(message, (writer || $Writer.create()).fork()).ldelim();
                };

                /**
                 * Decodes an EventMeta message from the specified reader or buffer.
                 * @function decode
                 * @memberof kruise.bus.v1.EventMeta
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {kruise.bus.v1.EventMeta & kruise.bus.v1.EventMeta.$Shape} EventMeta
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                EventMeta.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.kruise.bus.v1.EventMeta();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.eventId = value;
                                else
                                    delete message.eventId;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                message.occurredAt = $root.google.protobuf.Timestamp.decode(reader, reader.size(), $undefined, _depth + 1, message.occurredAt);
                                continue;
                            }
                        case 3: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.publisherId = value;
                                else
                                    delete message.publisherId;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Decodes an EventMeta message from the specified reader or buffer, length delimited.
                 * @function decodeDelimited
                 * @memberof kruise.bus.v1.EventMeta
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @returns {kruise.bus.v1.EventMeta & kruise.bus.v1.EventMeta.$Shape} EventMeta
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                EventMeta.decodeDelimited = function(reader) {
                    if (!(reader instanceof $Reader))
                        reader = new $Reader(reader);
                    return this.decode(reader, reader.size());
                };

                /**
                 * Verifies an EventMeta message.
                 * @function verify
                 * @memberof kruise.bus.v1.EventMeta
                 * @static
                 * @param {Object.<string,*>} message Plain object to verify
                 * @returns {string|null} `null` if valid, otherwise the reason why it is not
                 */
                EventMeta.verify = function (message, _depth) {
                    if (typeof message !== "object" || message === null)
                        return "object expected";
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        return "max depth exceeded";
                    if (message.eventId != null && $Object.hasOwnProperty.call(message, "eventId"))
                        if (!$util.isString(message.eventId))
                            return "eventId: string expected";
                    if (message.occurredAt != null && $Object.hasOwnProperty.call(message, "occurredAt")) {
                        let error = $root.google.protobuf.Timestamp.verify(message.occurredAt, _depth + 1);
                        if (error)
                            return "occurredAt." + error;
                    }
                    if (message.publisherId != null && $Object.hasOwnProperty.call(message, "publisherId"))
                        if (!$util.isString(message.publisherId))
                            return "publisherId: string expected";
                    return null;
                };

                /**
                 * Creates an EventMeta message from a plain object. Also converts values to their respective internal types.
                 * @function fromObject
                 * @memberof kruise.bus.v1.EventMeta
                 * @static
                 * @param {Object.<string,*>} object Plain object
                 * @returns {kruise.bus.v1.EventMeta} EventMeta
                 */
                EventMeta.fromObject = function (object, _depth) {
                    if (object instanceof $root.kruise.bus.v1.EventMeta)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".kruise.bus.v1.EventMeta: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.kruise.bus.v1.EventMeta();
                    if (object.eventId != null)
                        if (typeof object.eventId !== "string" || object.eventId.length)
                            message.eventId = $String(object.eventId);
                    if (object.occurredAt != null) {
                        if (!$util.isObject(object.occurredAt))
                            throw $TypeError(".kruise.bus.v1.EventMeta.occurredAt: object expected");
                        message.occurredAt = $root.google.protobuf.Timestamp.fromObject(object.occurredAt, _depth + 1);
                    }
                    if (object.publisherId != null)
                        if (typeof object.publisherId !== "string" || object.publisherId.length)
                            message.publisherId = $String(object.publisherId);
                    return message;
                };

                /**
                 * Creates a plain object from an EventMeta message. Also converts values to other types if specified.
                 * @function toObject
                 * @memberof kruise.bus.v1.EventMeta
                 * @static
                 * @param {kruise.bus.v1.EventMeta} message EventMeta
                 * @param {$protobuf.IConversionOptions} [options] Conversion options
                 * @returns {Object.<string,*>} Plain object
                 */
                EventMeta.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults) {
                        object.eventId = "";
                        object.occurredAt = null;
                        object.publisherId = "";
                    }
                    if (message.eventId != null && $Object.hasOwnProperty.call(message, "eventId"))
                        object.eventId = message.eventId;
                    if (message.occurredAt != null && $Object.hasOwnProperty.call(message, "occurredAt"))
                        object.occurredAt = $root.google.protobuf.Timestamp.toObject(message.occurredAt, options, _depth + 1);
                    if (message.publisherId != null && $Object.hasOwnProperty.call(message, "publisherId"))
                        object.publisherId = message.publisherId;
                    return object;
                };

                /**
                 * Converts this EventMeta to JSON.
                 * @function toJSON
                 * @memberof kruise.bus.v1.EventMeta
                 * @instance
                 * @returns {Object.<string,*>} JSON object
                 */
                EventMeta.prototype.toJSON = function() {
                    return EventMeta.toObject(this, $protobuf.util.toJSONOptions);
                };

                /**
                 * Gets the type url for EventMeta
                 * @function getTypeUrl
                 * @memberof kruise.bus.v1.EventMeta
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                EventMeta.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/kruise.bus.v1.EventMeta";
                };

                return EventMeta;
            })();

            /**
             * ObjectEventType enum.
             * @name kruise.bus.v1.ObjectEventType
             * @enum {number}
             * @property {number} OBJECT_EVENT_TYPE_UNSPECIFIED=0 OBJECT_EVENT_TYPE_UNSPECIFIED value
             * @property {number} OBJECT_EVENT_TYPE_ADDED=1 OBJECT_EVENT_TYPE_ADDED value
             * @property {number} OBJECT_EVENT_TYPE_MODIFIED=2 OBJECT_EVENT_TYPE_MODIFIED value
             * @property {number} OBJECT_EVENT_TYPE_DELETED=3 OBJECT_EVENT_TYPE_DELETED value
             * @property {number} OBJECT_EVENT_TYPE_TOMBSTONE=4 OBJECT_EVENT_TYPE_TOMBSTONE value
             * @property {number} OBJECT_EVENT_TYPE_BOOKMARK=5 OBJECT_EVENT_TYPE_BOOKMARK value
             */
            v1.ObjectEventType = (function() {
                const valuesById = $Object.create(null), values = $Object.create(valuesById);
                values[valuesById[0] = "OBJECT_EVENT_TYPE_UNSPECIFIED"] = 0;
                values[valuesById[1] = "OBJECT_EVENT_TYPE_ADDED"] = 1;
                values[valuesById[2] = "OBJECT_EVENT_TYPE_MODIFIED"] = 2;
                values[valuesById[3] = "OBJECT_EVENT_TYPE_DELETED"] = 3;
                values[valuesById[4] = "OBJECT_EVENT_TYPE_TOMBSTONE"] = 4;
                values[valuesById[5] = "OBJECT_EVENT_TYPE_BOOKMARK"] = 5;
                return values;
            })();

            v1.ObjectEvent = (function() {

                /**
                 * Properties of an ObjectEvent.
                 * @typedef {Object} kruise.bus.v1.ObjectEvent.$Properties
                 * @property {kruise.bus.v1.GroupVersionKind.$Properties|null} [kind] ObjectEvent kind
                 * @property {kruise.bus.v1.ObjectEventType|null} [type] ObjectEvent type
                 * @property {string|null} [namespace] ObjectEvent namespace
                 * @property {string|null} [name] ObjectEvent name
                 * @property {string|null} [uid] ObjectEvent uid
                 * @property {string|null} [resourceVersion] ObjectEvent resourceVersion
                 * @property {number|null} [generation] ObjectEvent generation
                 * @property {string|null} [controllerUid] ObjectEvent controllerUid
                 * @property {Object.<string,string>|null} [labels] ObjectEvent labels
                 * @property {Uint8Array|null} [object] ObjectEvent object
                 * @property {number|null} [partition] ObjectEvent partition
                 * @property {google.protobuf.Timestamp.$Properties|null} [observedAt] ObjectEvent observedAt
                 * @property {string|null} [publisherId] ObjectEvent publisherId
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of an ObjectEvent.
                 * @memberof kruise.bus.v1
                 * @interface IObjectEvent
                 * @augments kruise.bus.v1.ObjectEvent.$Properties
                 * @deprecated Use kruise.bus.v1.ObjectEvent.$Properties instead.
                 */

                /**
                 * Shape of an ObjectEvent.
                 * @typedef {kruise.bus.v1.ObjectEvent.$Properties} kruise.bus.v1.ObjectEvent.$Shape
                 */

                /**
                 * Constructs a new ObjectEvent.
                 * @memberof kruise.bus.v1
                 * @classdesc Represents an ObjectEvent.
                 * @constructor
                 * @param {kruise.bus.v1.ObjectEvent.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const ObjectEvent = function (properties) {
                    this.labels = {};
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * ObjectEvent kind.
                 * @member {kruise.bus.v1.GroupVersionKind.$Properties|null|undefined} kind
                 * @memberof kruise.bus.v1.ObjectEvent
                 * @instance
                 */
                ObjectEvent.prototype.kind = null;

                /**
                 * ObjectEvent type.
                 * @member {kruise.bus.v1.ObjectEventType} type
                 * @memberof kruise.bus.v1.ObjectEvent
                 * @instance
                 */
                ObjectEvent.prototype.type = 0;

                /**
                 * ObjectEvent namespace.
                 * @member {string} namespace
                 * @memberof kruise.bus.v1.ObjectEvent
                 * @instance
                 */
                ObjectEvent.prototype.namespace = "";

                /**
                 * ObjectEvent name.
                 * @member {string} name
                 * @memberof kruise.bus.v1.ObjectEvent
                 * @instance
                 */
                ObjectEvent.prototype.name = "";

                /**
                 * ObjectEvent uid.
                 * @member {string} uid
                 * @memberof kruise.bus.v1.ObjectEvent
                 * @instance
                 */
                ObjectEvent.prototype.uid = "";

                /**
                 * ObjectEvent resourceVersion.
                 * @member {string} resourceVersion
                 * @memberof kruise.bus.v1.ObjectEvent
                 * @instance
                 */
                ObjectEvent.prototype.resourceVersion = "";

                /**
                 * ObjectEvent generation.
                 * @member {number} generation
                 * @memberof kruise.bus.v1.ObjectEvent
                 * @instance
                 */
                ObjectEvent.prototype.generation = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

                /**
                 * ObjectEvent controllerUid.
                 * @member {string} controllerUid
                 * @memberof kruise.bus.v1.ObjectEvent
                 * @instance
                 */
                ObjectEvent.prototype.controllerUid = "";

                /**
                 * ObjectEvent labels.
                 * @member {Object.<string,string>} labels
                 * @memberof kruise.bus.v1.ObjectEvent
                 * @instance
                 */
                ObjectEvent.prototype.labels = $util.emptyObject;

                /**
                 * ObjectEvent object.
                 * @member {Uint8Array} object
                 * @memberof kruise.bus.v1.ObjectEvent
                 * @instance
                 */
                ObjectEvent.prototype.object = $util.newBuffer([]);

                /**
                 * ObjectEvent partition.
                 * @member {number|null|undefined} partition
                 * @memberof kruise.bus.v1.ObjectEvent
                 * @instance
                 */
                ObjectEvent.prototype.partition = null;

                /**
                 * ObjectEvent observedAt.
                 * @member {google.protobuf.Timestamp.$Properties|null|undefined} observedAt
                 * @memberof kruise.bus.v1.ObjectEvent
                 * @instance
                 */
                ObjectEvent.prototype.observedAt = null;

                /**
                 * ObjectEvent publisherId.
                 * @member {string} publisherId
                 * @memberof kruise.bus.v1.ObjectEvent
                 * @instance
                 */
                ObjectEvent.prototype.publisherId = "";

                // OneOf field names bound to virtual getters and setters
                let $oneOfFields;

                // Virtual OneOf for proto3 optional field
                $Object.defineProperty(ObjectEvent.prototype, "_partition", {
                    get: $util.oneOfGetter($oneOfFields = ["partition"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                /**
                 * Creates a new ObjectEvent instance using the specified properties.
                 * @function create
                 * @memberof kruise.bus.v1.ObjectEvent
                 * @static
                 * @param {kruise.bus.v1.ObjectEvent.$Properties=} [properties] Properties to set
                 * @returns {kruise.bus.v1.ObjectEvent} ObjectEvent instance
                 * @type {{
                 *   (properties: kruise.bus.v1.ObjectEvent.$Shape): kruise.bus.v1.ObjectEvent & kruise.bus.v1.ObjectEvent.$Shape;
                 *   (properties?: kruise.bus.v1.ObjectEvent.$Properties): kruise.bus.v1.ObjectEvent;
                 * }}
                 */
                ObjectEvent.create = function(properties) {
                    return new ObjectEvent(properties);
                };

                /**
                 * Encodes the specified ObjectEvent message. Does not implicitly {@link kruise.bus.v1.ObjectEvent.verify|verify} messages.
                 * @function encode
                 * @memberof kruise.bus.v1.ObjectEvent
                 * @static
                 * @param {kruise.bus.v1.ObjectEvent.$Properties} message ObjectEvent message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                ObjectEvent.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.kind != null && $Object.hasOwnProperty.call(message, "kind"))
                        $root.kruise.bus.v1.GroupVersionKind.encode(message.kind, writer.uint32(/* id 1, wireType 2 =*/10).fork(), _depth + 1).ldelim();
                    if (message.type != null && $Object.hasOwnProperty.call(message, "type") && message.type !== 0)
                        writer.uint32(/* id 2, wireType 0 =*/16).int32(message.type);
                    if (message.namespace != null && $Object.hasOwnProperty.call(message, "namespace") && message.namespace !== "")
                        writer.uint32(/* id 3, wireType 2 =*/26).string(message.namespace);
                    if (message.name != null && $Object.hasOwnProperty.call(message, "name") && message.name !== "")
                        writer.uint32(/* id 4, wireType 2 =*/34).string(message.name);
                    if (message.uid != null && $Object.hasOwnProperty.call(message, "uid") && message.uid !== "")
                        writer.uint32(/* id 5, wireType 2 =*/42).string(message.uid);
                    if (message.resourceVersion != null && $Object.hasOwnProperty.call(message, "resourceVersion") && message.resourceVersion !== "")
                        writer.uint32(/* id 6, wireType 2 =*/50).string(message.resourceVersion);
                    if (message.generation != null && $Object.hasOwnProperty.call(message, "generation") && (typeof message.generation === "object" ? message.generation.low || message.generation.high : message.generation !== 0))
                        writer.uint32(/* id 7, wireType 0 =*/56).int64(message.generation);
                    if (message.controllerUid != null && $Object.hasOwnProperty.call(message, "controllerUid") && message.controllerUid !== "")
                        writer.uint32(/* id 8, wireType 2 =*/66).string(message.controllerUid);
                    if (message.labels != null && $Object.hasOwnProperty.call(message, "labels"))
                        for (let keys = $Object.keys(message.labels), i = 0; i < keys.length; ++i)
                            writer.uint32(/* id 9, wireType 2 =*/74).fork().uint32(/* id 1, wireType 2 =*/10).string(keys[i]).uint32(/* id 2, wireType 2 =*/18).string(message.labels[keys[i]]).ldelim();
                    if (message.object != null && $Object.hasOwnProperty.call(message, "object") && message.object.length)
                        writer.uint32(/* id 10, wireType 2 =*/82).bytes(message.object);
                    if (message.partition != null && $Object.hasOwnProperty.call(message, "partition"))
                        writer.uint32(/* id 11, wireType 0 =*/88).uint32(message.partition);
                    if (message.observedAt != null && $Object.hasOwnProperty.call(message, "observedAt"))
                        $root.google.protobuf.Timestamp.encode(message.observedAt, writer.uint32(/* id 12, wireType 2 =*/98).fork(), _depth + 1).ldelim();
                    if (message.publisherId != null && $Object.hasOwnProperty.call(message, "publisherId") && message.publisherId !== "")
                        writer.uint32(/* id 13, wireType 2 =*/106).string(message.publisherId);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Encodes the specified ObjectEvent message, length delimited. Does not implicitly {@link kruise.bus.v1.ObjectEvent.verify|verify} messages.
                 * @function encodeDelimited
                 * @memberof kruise.bus.v1.ObjectEvent
                 * @static
                 * @param {kruise.bus.v1.ObjectEvent.$Properties} message ObjectEvent message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                ObjectEvent.encodeDelimited = function(message, writer) {
                    return this.encode(message, (writer || $Writer.create()).fork()).ldelim();
                };

                /**
                 * Decodes an ObjectEvent message from the specified reader or buffer.
                 * @function decode
                 * @memberof kruise.bus.v1.ObjectEvent
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {kruise.bus.v1.ObjectEvent & kruise.bus.v1.ObjectEvent.$Shape} ObjectEvent
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                ObjectEvent.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, key, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.kruise.bus.v1.ObjectEvent();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                message.kind = $root.kruise.bus.v1.GroupVersionKind.decode(reader, reader.size(), $undefined, _depth + 1, message.kind);
                                continue;
                            }
                        case 2: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.int32())
                                    message.type = value;
                                else
                                    delete message.type;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.namespace = value;
                                else
                                    delete message.namespace;
                                continue;
                            }
                        case 4: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.name = value;
                                else
                                    delete message.name;
                                continue;
                            }
                        case 5: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.uid = value;
                                else
                                    delete message.uid;
                                continue;
                            }
                        case 6: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.resourceVersion = value;
                                else
                                    delete message.resourceVersion;
                                continue;
                            }
                        case 7: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.generation = value;
                                else
                                    delete message.generation;
                                continue;
                            }
                        case 8: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.controllerUid = value;
                                else
                                    delete message.controllerUid;
                                continue;
                            }
                        case 9: {
                                if (wireType !== 2)
                                    break;
                                if (message.labels === $util.emptyObject)
                                    message.labels = {};
                                let end2 = reader.size() + reader.pos;
                                if (end2 > reader.len)
                                    throw $RangeError("index out of range");
                                reader.len = end2;
                                key = "";
                                value = "";
                                while (reader.pos < end2) {
                                    let tag2 = reader.tag();
                                    wireType = tag2 & 7;
                                    switch (tag2 >>>= 3) {
                                    case 1:
                                        if (wireType !== 2)
                                            break;
                                        key = reader.stringVerify();
                                        continue;
                                    case 2:
                                        if (wireType !== 2)
                                            break;
                                        value = reader.stringVerify();
                                        continue;
                                    }
                                    reader.skipType(wireType, _depth, tag2);
                                }
                                if (reader.pos !== end2)
                                    throw $RangeError("index out of range");
                                reader.len = end;
                                if (key === "__proto__")
                                    $util.makeProp(message.labels, key);
                                message.labels[key] = value;
                                continue;
                            }
                        case 10: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.bytes()).length)
                                    message.object = value;
                                else
                                    delete message.object;
                                continue;
                            }
                        case 11: {
                                if (wireType !== 0)
                                    break;
                                message.partition = reader.uint32();
                                message._partition = "partition";
                                continue;
                            }
                        case 12: {
                                if (wireType !== 2)
                                    break;
                                message.observedAt = $root.google.protobuf.Timestamp.decode(reader, reader.size(), $undefined, _depth + 1, message.observedAt);
                                continue;
                            }
                        case 13: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.publisherId = value;
                                else
                                    delete message.publisherId;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Decodes an ObjectEvent message from the specified reader or buffer, length delimited.
                 * @function decodeDelimited
                 * @memberof kruise.bus.v1.ObjectEvent
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @returns {kruise.bus.v1.ObjectEvent & kruise.bus.v1.ObjectEvent.$Shape} ObjectEvent
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                ObjectEvent.decodeDelimited = function(reader) {
                    if (!(reader instanceof $Reader))
                        reader = new $Reader(reader);
                    return this.decode(reader, reader.size());
                };

                /**
                 * Verifies an ObjectEvent message.
                 * @function verify
                 * @memberof kruise.bus.v1.ObjectEvent
                 * @static
                 * @param {Object.<string,*>} message Plain object to verify
                 * @returns {string|null} `null` if valid, otherwise the reason why it is not
                 */
                ObjectEvent.verify = function (message, _depth) {
                    if (typeof message !== "object" || message === null)
                        return "object expected";
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        return "max depth exceeded";
                    let properties = {};
                    if (message.kind != null && $Object.hasOwnProperty.call(message, "kind")) {
                        let error = $root.kruise.bus.v1.GroupVersionKind.verify(message.kind, _depth + 1);
                        if (error)
                            return "kind." + error;
                    }
                    if (message.type != null && $Object.hasOwnProperty.call(message, "type"))
                        if (typeof message.type !== "number" || (message.type | 0) !== message.type)
                            return "type: enum value expected";
                    if (message.namespace != null && $Object.hasOwnProperty.call(message, "namespace"))
                        if (!$util.isString(message.namespace))
                            return "namespace: string expected";
                    if (message.name != null && $Object.hasOwnProperty.call(message, "name"))
                        if (!$util.isString(message.name))
                            return "name: string expected";
                    if (message.uid != null && $Object.hasOwnProperty.call(message, "uid"))
                        if (!$util.isString(message.uid))
                            return "uid: string expected";
                    if (message.resourceVersion != null && $Object.hasOwnProperty.call(message, "resourceVersion"))
                        if (!$util.isString(message.resourceVersion))
                            return "resourceVersion: string expected";
                    if (message.generation != null && $Object.hasOwnProperty.call(message, "generation"))
                        if (!$util.isInteger(message.generation) && !(message.generation && $util.isInteger(message.generation.low) && $util.isInteger(message.generation.high)))
                            return "generation: integer|Long expected";
                    if (message.controllerUid != null && $Object.hasOwnProperty.call(message, "controllerUid"))
                        if (!$util.isString(message.controllerUid))
                            return "controllerUid: string expected";
                    if (message.labels != null && $Object.hasOwnProperty.call(message, "labels")) {
                        if (!$util.isObject(message.labels))
                            return "labels: object expected";
                        let key = $Object.keys(message.labels);
                        for (let i = 0; i < key.length; ++i)
                            if (!$util.isString(message.labels[key[i]]))
                                return "labels: string{k:string} expected";
                    }
                    if (message.object != null && $Object.hasOwnProperty.call(message, "object"))
                        if (!(message.object && typeof message.object.length === "number" || $util.isString(message.object)))
                            return "object: buffer expected";
                    if (message.partition != null && $Object.hasOwnProperty.call(message, "partition")) {
                        properties._partition = 1;
                        if (!$util.isInteger(message.partition))
                            return "partition: integer expected";
                    }
                    if (message.observedAt != null && $Object.hasOwnProperty.call(message, "observedAt")) {
                        let error = $root.google.protobuf.Timestamp.verify(message.observedAt, _depth + 1);
                        if (error)
                            return "observedAt." + error;
                    }
                    if (message.publisherId != null && $Object.hasOwnProperty.call(message, "publisherId"))
                        if (!$util.isString(message.publisherId))
                            return "publisherId: string expected";
                    return null;
                };

                /**
                 * Creates an ObjectEvent message from a plain object. Also converts values to their respective internal types.
                 * @function fromObject
                 * @memberof kruise.bus.v1.ObjectEvent
                 * @static
                 * @param {Object.<string,*>} object Plain object
                 * @returns {kruise.bus.v1.ObjectEvent} ObjectEvent
                 */
                ObjectEvent.fromObject = function (object, _depth) {
                    if (object instanceof $root.kruise.bus.v1.ObjectEvent)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".kruise.bus.v1.ObjectEvent: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.kruise.bus.v1.ObjectEvent();
                    if (object.kind != null) {
                        if (!$util.isObject(object.kind))
                            throw $TypeError(".kruise.bus.v1.ObjectEvent.kind: object expected");
                        message.kind = $root.kruise.bus.v1.GroupVersionKind.fromObject(object.kind, _depth + 1);
                    }
                    if (object.type !== 0 && (typeof object.type !== "string" || $root.kruise.bus.v1.ObjectEventType[object.type] !== 0))
                        switch (object.type) {
                        case "OBJECT_EVENT_TYPE_UNSPECIFIED":
                        case 0:
                            message.type = 0;
                            break;
                        case "OBJECT_EVENT_TYPE_ADDED":
                        case 1:
                            message.type = 1;
                            break;
                        case "OBJECT_EVENT_TYPE_MODIFIED":
                        case 2:
                            message.type = 2;
                            break;
                        case "OBJECT_EVENT_TYPE_DELETED":
                        case 3:
                            message.type = 3;
                            break;
                        case "OBJECT_EVENT_TYPE_TOMBSTONE":
                        case 4:
                            message.type = 4;
                            break;
                        case "OBJECT_EVENT_TYPE_BOOKMARK":
                        case 5:
                            message.type = 5;
                            break;
                        default:
                            if (typeof object.type === "number" && (object.type | 0) === object.type)
                                message.type = object.type;
                        }
                    if (object.namespace != null)
                        if (typeof object.namespace !== "string" || object.namespace.length)
                            message.namespace = $String(object.namespace);
                    if (object.name != null)
                        if (typeof object.name !== "string" || object.name.length)
                            message.name = $String(object.name);
                    if (object.uid != null)
                        if (typeof object.uid !== "string" || object.uid.length)
                            message.uid = $String(object.uid);
                    if (object.resourceVersion != null)
                        if (typeof object.resourceVersion !== "string" || object.resourceVersion.length)
                            message.resourceVersion = $String(object.resourceVersion);
                    if (object.generation != null)
                        if (typeof object.generation === "object" ? object.generation.low || object.generation.high : $Number(object.generation) !== 0)
                            if ($util.Long)
                                message.generation = $util.Long.fromValue(object.generation, false);
                            else if (typeof object.generation === "string")
                                message.generation = $parseInt(object.generation, 10);
                            else if (typeof object.generation === "number")
                                message.generation = object.generation;
                            else if (typeof object.generation === "object")
                                message.generation = new $util.LongBits(object.generation.low >>> 0, object.generation.high >>> 0).toNumber();
                    if (object.controllerUid != null)
                        if (typeof object.controllerUid !== "string" || object.controllerUid.length)
                            message.controllerUid = $String(object.controllerUid);
                    if (object.labels) {
                        if (!$util.isObject(object.labels))
                            throw $TypeError(".kruise.bus.v1.ObjectEvent.labels: object expected");
                        message.labels = {};
                        for (let keys = $Object.keys(object.labels), i = 0; i < keys.length; ++i) {
                            if (keys[i] === "__proto__")
                                $util.makeProp(message.labels, keys[i]);
                            message.labels[keys[i]] = $String(object.labels[keys[i]]);
                        }
                    }
                    if (object.object != null)
                        if (object.object.length)
                            if (typeof object.object === "string")
                                $util.base64.decode(object.object, message.object = $util.newBuffer($util.base64.length(object.object)), 0);
                            else if (object.object.length >= 0)
                                message.object = object.object;
                    if (object.partition != null)
                        message.partition = object.partition >>> 0;
                    if (object.observedAt != null) {
                        if (!$util.isObject(object.observedAt))
                            throw $TypeError(".kruise.bus.v1.ObjectEvent.observedAt: object expected");
                        message.observedAt = $root.google.protobuf.Timestamp.fromObject(object.observedAt, _depth + 1);
                    }
                    if (object.publisherId != null)
                        if (typeof object.publisherId !== "string" || object.publisherId.length)
                            message.publisherId = $String(object.publisherId);
                    return message;
                };

                /**
                 * Creates a plain object from an ObjectEvent message. Also converts values to other types if specified.
                 * @function toObject
                 * @memberof kruise.bus.v1.ObjectEvent
                 * @static
                 * @param {kruise.bus.v1.ObjectEvent} message ObjectEvent
                 * @param {$protobuf.IConversionOptions} [options] Conversion options
                 * @returns {Object.<string,*>} Plain object
                 */
                ObjectEvent.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.objects || options.defaults)
                        object.labels = {};
                    if (options.defaults) {
                        object.kind = null;
                        object.type = options.enums === $String ? "OBJECT_EVENT_TYPE_UNSPECIFIED" : 0;
                        object.namespace = "";
                        object.name = "";
                        object.uid = "";
                        object.resourceVersion = "";
                        if ($util.Long) {
                            let long = new $util.Long(0, 0, false);
                            object.generation = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                        } else
                            object.generation = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                        object.controllerUid = "";
                        if (options.bytes === $String)
                            object.object = "";
                        else {
                            object.object = [];
                            if (options.bytes !== $Array)
                                object.object = $util.newBuffer(object.object);
                        }
                        object.observedAt = null;
                        object.publisherId = "";
                    }
                    if (message.kind != null && $Object.hasOwnProperty.call(message, "kind"))
                        object.kind = $root.kruise.bus.v1.GroupVersionKind.toObject(message.kind, options, _depth + 1);
                    if (message.type != null && $Object.hasOwnProperty.call(message, "type"))
                        object.type = options.enums === $String ? $root.kruise.bus.v1.ObjectEventType[message.type] === $undefined ? message.type : $root.kruise.bus.v1.ObjectEventType[message.type] : message.type;
                    if (message.namespace != null && $Object.hasOwnProperty.call(message, "namespace"))
                        object.namespace = message.namespace;
                    if (message.name != null && $Object.hasOwnProperty.call(message, "name"))
                        object.name = message.name;
                    if (message.uid != null && $Object.hasOwnProperty.call(message, "uid"))
                        object.uid = message.uid;
                    if (message.resourceVersion != null && $Object.hasOwnProperty.call(message, "resourceVersion"))
                        object.resourceVersion = message.resourceVersion;
                    if (message.generation != null && $Object.hasOwnProperty.call(message, "generation"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.generation = typeof message.generation === "number" ? $BigInt(message.generation) : $util.Long.fromBits(message.generation.low >>> 0, message.generation.high >>> 0, false).toBigInt();
                        else if (typeof message.generation === "number")
                            object.generation = options.longs === $String ? $String(message.generation) : message.generation;
                        else
                            object.generation = options.longs === $String ? $util.Long.prototype.toString.call(message.generation) : options.longs === $Number ? new $util.LongBits(message.generation.low >>> 0, message.generation.high >>> 0).toNumber() : message.generation;
                    if (message.controllerUid != null && $Object.hasOwnProperty.call(message, "controllerUid"))
                        object.controllerUid = message.controllerUid;
                    let keys2;
                    if (message.labels && (keys2 = $Object.keys(message.labels)).length) {
                        object.labels = {};
                        for (let j = 0; j < keys2.length; ++j) {
                            if (keys2[j] === "__proto__")
                                $util.makeProp(object.labels, keys2[j]);
                            object.labels[keys2[j]] = message.labels[keys2[j]];
                        }
                    }
                    if (message.object != null && $Object.hasOwnProperty.call(message, "object"))
                        object.object = options.bytes === $String ? $util.base64.encode(message.object, 0, message.object.length) : options.bytes === $Array ? $Array.prototype.slice.call(message.object) : message.object;
                    if (message.partition != null && $Object.hasOwnProperty.call(message, "partition"))
                        object.partition = message.partition;
                    if (message.observedAt != null && $Object.hasOwnProperty.call(message, "observedAt"))
                        object.observedAt = $root.google.protobuf.Timestamp.toObject(message.observedAt, options, _depth + 1);
                    if (message.publisherId != null && $Object.hasOwnProperty.call(message, "publisherId"))
                        object.publisherId = message.publisherId;
                    return object;
                };

                /**
                 * Converts this ObjectEvent to JSON.
                 * @function toJSON
                 * @memberof kruise.bus.v1.ObjectEvent
                 * @instance
                 * @returns {Object.<string,*>} JSON object
                 */
                ObjectEvent.prototype.toJSON = function() {
                    return ObjectEvent.toObject(this, $protobuf.util.toJSONOptions);
                };

                /**
                 * Gets the type url for ObjectEvent
                 * @function getTypeUrl
                 * @memberof kruise.bus.v1.ObjectEvent
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                ObjectEvent.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/kruise.bus.v1.ObjectEvent";
                };

                return ObjectEvent;
            })();

            v1.RevisionCreated = (function() {

                /**
                 * Properties of a RevisionCreated.
                 * @typedef {Object} kruise.bus.v1.RevisionCreated.$Properties
                 * @property {kruise.bus.v1.EventMeta.$Properties|null} [meta] RevisionCreated meta
                 * @property {kruise.bus.v1.ObjectRef.$Properties|null} [owner] RevisionCreated owner
                 * @property {kruise.bus.v1.ObjectRef.$Properties|null} [revision] RevisionCreated revision
                 * @property {number|null} [revisionNumber] RevisionCreated revisionNumber
                 * @property {string|null} [hash] RevisionCreated hash
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a RevisionCreated.
                 * @memberof kruise.bus.v1
                 * @interface IRevisionCreated
                 * @augments kruise.bus.v1.RevisionCreated.$Properties
                 * @deprecated Use kruise.bus.v1.RevisionCreated.$Properties instead.
                 */

                /**
                 * Shape of a RevisionCreated.
                 * @typedef {kruise.bus.v1.RevisionCreated.$Properties} kruise.bus.v1.RevisionCreated.$Shape
                 */

                /**
                 * Constructs a new RevisionCreated.
                 * @memberof kruise.bus.v1
                 * @classdesc Represents a RevisionCreated.
                 * @constructor
                 * @param {kruise.bus.v1.RevisionCreated.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const RevisionCreated = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * RevisionCreated meta.
                 * @member {kruise.bus.v1.EventMeta.$Properties|null|undefined} meta
                 * @memberof kruise.bus.v1.RevisionCreated
                 * @instance
                 */
                RevisionCreated.prototype.meta = null;

                /**
                 * RevisionCreated owner.
                 * @member {kruise.bus.v1.ObjectRef.$Properties|null|undefined} owner
                 * @memberof kruise.bus.v1.RevisionCreated
                 * @instance
                 */
                RevisionCreated.prototype.owner = null;

                /**
                 * RevisionCreated revision.
                 * @member {kruise.bus.v1.ObjectRef.$Properties|null|undefined} revision
                 * @memberof kruise.bus.v1.RevisionCreated
                 * @instance
                 */
                RevisionCreated.prototype.revision = null;

                /**
                 * RevisionCreated revisionNumber.
                 * @member {number} revisionNumber
                 * @memberof kruise.bus.v1.RevisionCreated
                 * @instance
                 */
                RevisionCreated.prototype.revisionNumber = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

                /**
                 * RevisionCreated hash.
                 * @member {string} hash
                 * @memberof kruise.bus.v1.RevisionCreated
                 * @instance
                 */
                RevisionCreated.prototype.hash = "";

                /**
                 * Creates a new RevisionCreated instance using the specified properties.
                 * @function create
                 * @memberof kruise.bus.v1.RevisionCreated
                 * @static
                 * @param {kruise.bus.v1.RevisionCreated.$Properties=} [properties] Properties to set
                 * @returns {kruise.bus.v1.RevisionCreated} RevisionCreated instance
                 * @type {{
                 *   (properties: kruise.bus.v1.RevisionCreated.$Shape): kruise.bus.v1.RevisionCreated & kruise.bus.v1.RevisionCreated.$Shape;
                 *   (properties?: kruise.bus.v1.RevisionCreated.$Properties): kruise.bus.v1.RevisionCreated;
                 * }}
                 */
                RevisionCreated.create = function(properties) {
                    return new RevisionCreated(properties);
                };

                /**
                 * Encodes the specified RevisionCreated message. Does not implicitly {@link kruise.bus.v1.RevisionCreated.verify|verify} messages.
                 * @function encode
                 * @memberof kruise.bus.v1.RevisionCreated
                 * @static
                 * @param {kruise.bus.v1.RevisionCreated.$Properties} message RevisionCreated message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                RevisionCreated.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.meta != null && $Object.hasOwnProperty.call(message, "meta"))
                        $root.kruise.bus.v1.EventMeta.encode(message.meta, writer.uint32(/* id 1, wireType 2 =*/10).fork(), _depth + 1).ldelim();
                    if (message.owner != null && $Object.hasOwnProperty.call(message, "owner"))
                        $root.kruise.bus.v1.ObjectRef.encode(message.owner, writer.uint32(/* id 2, wireType 2 =*/18).fork(), _depth + 1).ldelim();
                    if (message.revision != null && $Object.hasOwnProperty.call(message, "revision"))
                        $root.kruise.bus.v1.ObjectRef.encode(message.revision, writer.uint32(/* id 3, wireType 2 =*/26).fork(), _depth + 1).ldelim();
                    if (message.revisionNumber != null && $Object.hasOwnProperty.call(message, "revisionNumber") && (typeof message.revisionNumber === "object" ? message.revisionNumber.low || message.revisionNumber.high : message.revisionNumber !== 0))
                        writer.uint32(/* id 4, wireType 0 =*/32).int64(message.revisionNumber);
                    if (message.hash != null && $Object.hasOwnProperty.call(message, "hash") && message.hash !== "")
                        writer.uint32(/* id 5, wireType 2 =*/42).string(message.hash);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Encodes the specified RevisionCreated message, length delimited. Does not implicitly {@link kruise.bus.v1.RevisionCreated.verify|verify} messages.
                 * @function encodeDelimited
                 * @memberof kruise.bus.v1.RevisionCreated
                 * @static
                 * @param {kruise.bus.v1.RevisionCreated.$Properties} message RevisionCreated message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                RevisionCreated.encodeDelimited = function(message, writer) {
                    return this.encode(message, (writer || $Writer.create()).fork()).ldelim();
                };

                /**
                 * Decodes a RevisionCreated message from the specified reader or buffer.
                 * @function decode
                 * @memberof kruise.bus.v1.RevisionCreated
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {kruise.bus.v1.RevisionCreated & kruise.bus.v1.RevisionCreated.$Shape} RevisionCreated
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                RevisionCreated.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.kruise.bus.v1.RevisionCreated();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                message.meta = $root.kruise.bus.v1.EventMeta.decode(reader, reader.size(), $undefined, _depth + 1, message.meta);
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                message.owner = $root.kruise.bus.v1.ObjectRef.decode(reader, reader.size(), $undefined, _depth + 1, message.owner);
                                continue;
                            }
                        case 3: {
                                if (wireType !== 2)
                                    break;
                                message.revision = $root.kruise.bus.v1.ObjectRef.decode(reader, reader.size(), $undefined, _depth + 1, message.revision);
                                continue;
                            }
                        case 4: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.revisionNumber = value;
                                else
                                    delete message.revisionNumber;
                                continue;
                            }
                        case 5: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.hash = value;
                                else
                                    delete message.hash;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Decodes a RevisionCreated message from the specified reader or buffer, length delimited.
                 * @function decodeDelimited
                 * @memberof kruise.bus.v1.RevisionCreated
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @returns {kruise.bus.v1.RevisionCreated & kruise.bus.v1.RevisionCreated.$Shape} RevisionCreated
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                RevisionCreated.decodeDelimited = function(reader) {
                    if (!(reader instanceof $Reader))
                        reader = new $Reader(reader);
                    return this.decode(reader, reader.size());
                };

                /**
                 * Verifies a RevisionCreated message.
                 * @function verify
                 * @memberof kruise.bus.v1.RevisionCreated
                 * @static
                 * @param {Object.<string,*>} message Plain object to verify
                 * @returns {string|null} `null` if valid, otherwise the reason why it is not
                 */
                RevisionCreated.verify = function (message, _depth) {
                    if (typeof message !== "object" || message === null)
                        return "object expected";
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        return "max depth exceeded";
                    if (message.meta != null && $Object.hasOwnProperty.call(message, "meta")) {
                        let error = $root.kruise.bus.v1.EventMeta.verify(message.meta, _depth + 1);
                        if (error)
                            return "meta." + error;
                    }
                    if (message.owner != null && $Object.hasOwnProperty.call(message, "owner")) {
                        let error = $root.kruise.bus.v1.ObjectRef.verify(message.owner, _depth + 1);
                        if (error)
                            return "owner." + error;
                    }
                    if (message.revision != null && $Object.hasOwnProperty.call(message, "revision")) {
                        let error = $root.kruise.bus.v1.ObjectRef.verify(message.revision, _depth + 1);
                        if (error)
                            return "revision." + error;
                    }
                    if (message.revisionNumber != null && $Object.hasOwnProperty.call(message, "revisionNumber"))
                        if (!$util.isInteger(message.revisionNumber) && !(message.revisionNumber && $util.isInteger(message.revisionNumber.low) && $util.isInteger(message.revisionNumber.high)))
                            return "revisionNumber: integer|Long expected";
                    if (message.hash != null && $Object.hasOwnProperty.call(message, "hash"))
                        if (!$util.isString(message.hash))
                            return "hash: string expected";
                    return null;
                };

                /**
                 * Creates a RevisionCreated message from a plain object. Also converts values to their respective internal types.
                 * @function fromObject
                 * @memberof kruise.bus.v1.RevisionCreated
                 * @static
                 * @param {Object.<string,*>} object Plain object
                 * @returns {kruise.bus.v1.RevisionCreated} RevisionCreated
                 */
                RevisionCreated.fromObject = function (object, _depth) {
                    if (object instanceof $root.kruise.bus.v1.RevisionCreated)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".kruise.bus.v1.RevisionCreated: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.kruise.bus.v1.RevisionCreated();
                    if (object.meta != null) {
                        if (!$util.isObject(object.meta))
                            throw $TypeError(".kruise.bus.v1.RevisionCreated.meta: object expected");
                        message.meta = $root.kruise.bus.v1.EventMeta.fromObject(object.meta, _depth + 1);
                    }
                    if (object.owner != null) {
                        if (!$util.isObject(object.owner))
                            throw $TypeError(".kruise.bus.v1.RevisionCreated.owner: object expected");
                        message.owner = $root.kruise.bus.v1.ObjectRef.fromObject(object.owner, _depth + 1);
                    }
                    if (object.revision != null) {
                        if (!$util.isObject(object.revision))
                            throw $TypeError(".kruise.bus.v1.RevisionCreated.revision: object expected");
                        message.revision = $root.kruise.bus.v1.ObjectRef.fromObject(object.revision, _depth + 1);
                    }
                    if (object.revisionNumber != null)
                        if (typeof object.revisionNumber === "object" ? object.revisionNumber.low || object.revisionNumber.high : $Number(object.revisionNumber) !== 0)
                            if ($util.Long)
                                message.revisionNumber = $util.Long.fromValue(object.revisionNumber, false);
                            else if (typeof object.revisionNumber === "string")
                                message.revisionNumber = $parseInt(object.revisionNumber, 10);
                            else if (typeof object.revisionNumber === "number")
                                message.revisionNumber = object.revisionNumber;
                            else if (typeof object.revisionNumber === "object")
                                message.revisionNumber = new $util.LongBits(object.revisionNumber.low >>> 0, object.revisionNumber.high >>> 0).toNumber();
                    if (object.hash != null)
                        if (typeof object.hash !== "string" || object.hash.length)
                            message.hash = $String(object.hash);
                    return message;
                };

                /**
                 * Creates a plain object from a RevisionCreated message. Also converts values to other types if specified.
                 * @function toObject
                 * @memberof kruise.bus.v1.RevisionCreated
                 * @static
                 * @param {kruise.bus.v1.RevisionCreated} message RevisionCreated
                 * @param {$protobuf.IConversionOptions} [options] Conversion options
                 * @returns {Object.<string,*>} Plain object
                 */
                RevisionCreated.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults) {
                        object.meta = null;
                        object.owner = null;
                        object.revision = null;
                        if ($util.Long) {
                            let long = new $util.Long(0, 0, false);
                            object.revisionNumber = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                        } else
                            object.revisionNumber = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                        object.hash = "";
                    }
                    if (message.meta != null && $Object.hasOwnProperty.call(message, "meta"))
                        object.meta = $root.kruise.bus.v1.EventMeta.toObject(message.meta, options, _depth + 1);
                    if (message.owner != null && $Object.hasOwnProperty.call(message, "owner"))
                        object.owner = $root.kruise.bus.v1.ObjectRef.toObject(message.owner, options, _depth + 1);
                    if (message.revision != null && $Object.hasOwnProperty.call(message, "revision"))
                        object.revision = $root.kruise.bus.v1.ObjectRef.toObject(message.revision, options, _depth + 1);
                    if (message.revisionNumber != null && $Object.hasOwnProperty.call(message, "revisionNumber"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.revisionNumber = typeof message.revisionNumber === "number" ? $BigInt(message.revisionNumber) : $util.Long.fromBits(message.revisionNumber.low >>> 0, message.revisionNumber.high >>> 0, false).toBigInt();
                        else if (typeof message.revisionNumber === "number")
                            object.revisionNumber = options.longs === $String ? $String(message.revisionNumber) : message.revisionNumber;
                        else
                            object.revisionNumber = options.longs === $String ? $util.Long.prototype.toString.call(message.revisionNumber) : options.longs === $Number ? new $util.LongBits(message.revisionNumber.low >>> 0, message.revisionNumber.high >>> 0).toNumber() : message.revisionNumber;
                    if (message.hash != null && $Object.hasOwnProperty.call(message, "hash"))
                        object.hash = message.hash;
                    return object;
                };

                /**
                 * Converts this RevisionCreated to JSON.
                 * @function toJSON
                 * @memberof kruise.bus.v1.RevisionCreated
                 * @instance
                 * @returns {Object.<string,*>} JSON object
                 */
                RevisionCreated.prototype.toJSON = function() {
                    return RevisionCreated.toObject(this, $protobuf.util.toJSONOptions);
                };

                /**
                 * Gets the type url for RevisionCreated
                 * @function getTypeUrl
                 * @memberof kruise.bus.v1.RevisionCreated
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                RevisionCreated.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/kruise.bus.v1.RevisionCreated";
                };

                return RevisionCreated;
            })();

            /**
             * RolloutPhase enum.
             * @name kruise.bus.v1.RolloutPhase
             * @enum {number}
             * @property {number} ROLLOUT_PHASE_UNSPECIFIED=0 ROLLOUT_PHASE_UNSPECIFIED value
             * @property {number} ROLLOUT_PHASE_PROGRESSING=1 ROLLOUT_PHASE_PROGRESSING value
             * @property {number} ROLLOUT_PHASE_PAUSED=2 ROLLOUT_PHASE_PAUSED value
             * @property {number} ROLLOUT_PHASE_WAITING=3 ROLLOUT_PHASE_WAITING value
             * @property {number} ROLLOUT_PHASE_COMPLETE=4 ROLLOUT_PHASE_COMPLETE value
             */
            v1.RolloutPhase = (function() {
                const valuesById = $Object.create(null), values = $Object.create(valuesById);
                values[valuesById[0] = "ROLLOUT_PHASE_UNSPECIFIED"] = 0;
                values[valuesById[1] = "ROLLOUT_PHASE_PROGRESSING"] = 1;
                values[valuesById[2] = "ROLLOUT_PHASE_PAUSED"] = 2;
                values[valuesById[3] = "ROLLOUT_PHASE_WAITING"] = 3;
                values[valuesById[4] = "ROLLOUT_PHASE_COMPLETE"] = 4;
                return values;
            })();

            v1.RolloutProgress = (function() {

                /**
                 * Properties of a RolloutProgress.
                 * @typedef {Object} kruise.bus.v1.RolloutProgress.$Properties
                 * @property {kruise.bus.v1.EventMeta.$Properties|null} [meta] RolloutProgress meta
                 * @property {kruise.bus.v1.ObjectRef.$Properties|null} [workload] RolloutProgress workload
                 * @property {number|null} [generation] RolloutProgress generation
                 * @property {number|null} [observedGeneration] RolloutProgress observedGeneration
                 * @property {string|null} [updateRevision] RolloutProgress updateRevision
                 * @property {string|null} [currentRevision] RolloutProgress currentRevision
                 * @property {number|null} [replicas] RolloutProgress replicas
                 * @property {number|null} [updatedReplicas] RolloutProgress updatedReplicas
                 * @property {number|null} [readyReplicas] RolloutProgress readyReplicas
                 * @property {number|null} [availableReplicas] RolloutProgress availableReplicas
                 * @property {number|null} [updatedReadyReplicas] RolloutProgress updatedReadyReplicas
                 * @property {number|null} [updatePartition] RolloutProgress updatePartition
                 * @property {kruise.bus.v1.RolloutPhase|null} [phase] RolloutProgress phase
                 * @property {string|null} [reason] RolloutProgress reason
                 * @property {string|null} [message] RolloutProgress message
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a RolloutProgress.
                 * @memberof kruise.bus.v1
                 * @interface IRolloutProgress
                 * @augments kruise.bus.v1.RolloutProgress.$Properties
                 * @deprecated Use kruise.bus.v1.RolloutProgress.$Properties instead.
                 */

                /**
                 * Shape of a RolloutProgress.
                 * @typedef {kruise.bus.v1.RolloutProgress.$Properties} kruise.bus.v1.RolloutProgress.$Shape
                 */

                /**
                 * Constructs a new RolloutProgress.
                 * @memberof kruise.bus.v1
                 * @classdesc Represents a RolloutProgress.
                 * @constructor
                 * @param {kruise.bus.v1.RolloutProgress.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const RolloutProgress = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * RolloutProgress meta.
                 * @member {kruise.bus.v1.EventMeta.$Properties|null|undefined} meta
                 * @memberof kruise.bus.v1.RolloutProgress
                 * @instance
                 */
                RolloutProgress.prototype.meta = null;

                /**
                 * RolloutProgress workload.
                 * @member {kruise.bus.v1.ObjectRef.$Properties|null|undefined} workload
                 * @memberof kruise.bus.v1.RolloutProgress
                 * @instance
                 */
                RolloutProgress.prototype.workload = null;

                /**
                 * RolloutProgress generation.
                 * @member {number} generation
                 * @memberof kruise.bus.v1.RolloutProgress
                 * @instance
                 */
                RolloutProgress.prototype.generation = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

                /**
                 * RolloutProgress observedGeneration.
                 * @member {number} observedGeneration
                 * @memberof kruise.bus.v1.RolloutProgress
                 * @instance
                 */
                RolloutProgress.prototype.observedGeneration = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

                /**
                 * RolloutProgress updateRevision.
                 * @member {string} updateRevision
                 * @memberof kruise.bus.v1.RolloutProgress
                 * @instance
                 */
                RolloutProgress.prototype.updateRevision = "";

                /**
                 * RolloutProgress currentRevision.
                 * @member {string} currentRevision
                 * @memberof kruise.bus.v1.RolloutProgress
                 * @instance
                 */
                RolloutProgress.prototype.currentRevision = "";

                /**
                 * RolloutProgress replicas.
                 * @member {number} replicas
                 * @memberof kruise.bus.v1.RolloutProgress
                 * @instance
                 */
                RolloutProgress.prototype.replicas = 0;

                /**
                 * RolloutProgress updatedReplicas.
                 * @member {number} updatedReplicas
                 * @memberof kruise.bus.v1.RolloutProgress
                 * @instance
                 */
                RolloutProgress.prototype.updatedReplicas = 0;

                /**
                 * RolloutProgress readyReplicas.
                 * @member {number} readyReplicas
                 * @memberof kruise.bus.v1.RolloutProgress
                 * @instance
                 */
                RolloutProgress.prototype.readyReplicas = 0;

                /**
                 * RolloutProgress availableReplicas.
                 * @member {number} availableReplicas
                 * @memberof kruise.bus.v1.RolloutProgress
                 * @instance
                 */
                RolloutProgress.prototype.availableReplicas = 0;

                /**
                 * RolloutProgress updatedReadyReplicas.
                 * @member {number} updatedReadyReplicas
                 * @memberof kruise.bus.v1.RolloutProgress
                 * @instance
                 */
                RolloutProgress.prototype.updatedReadyReplicas = 0;

                /**
                 * RolloutProgress updatePartition.
                 * @member {number} updatePartition
                 * @memberof kruise.bus.v1.RolloutProgress
                 * @instance
                 */
                RolloutProgress.prototype.updatePartition = 0;

                /**
                 * RolloutProgress phase.
                 * @member {kruise.bus.v1.RolloutPhase} phase
                 * @memberof kruise.bus.v1.RolloutProgress
                 * @instance
                 */
                RolloutProgress.prototype.phase = 0;

                /**
                 * RolloutProgress reason.
                 * @member {string} reason
                 * @memberof kruise.bus.v1.RolloutProgress
                 * @instance
                 */
                RolloutProgress.prototype.reason = "";

                /**
                 * RolloutProgress message.
                 * @member {string} message
                 * @memberof kruise.bus.v1.RolloutProgress
                 * @instance
                 */
                RolloutProgress.prototype.message = "";

                /**
                 * Creates a new RolloutProgress instance using the specified properties.
                 * @function create
                 * @memberof kruise.bus.v1.RolloutProgress
                 * @static
                 * @param {kruise.bus.v1.RolloutProgress.$Properties=} [properties] Properties to set
                 * @returns {kruise.bus.v1.RolloutProgress} RolloutProgress instance
                 * @type {{
                 *   (properties: kruise.bus.v1.RolloutProgress.$Shape): kruise.bus.v1.RolloutProgress & kruise.bus.v1.RolloutProgress.$Shape;
                 *   (properties?: kruise.bus.v1.RolloutProgress.$Properties): kruise.bus.v1.RolloutProgress;
                 * }}
                 */
                RolloutProgress.create = function(properties) {
                    return new RolloutProgress(properties);
                };

                /**
                 * Encodes the specified RolloutProgress message. Does not implicitly {@link kruise.bus.v1.RolloutProgress.verify|verify} messages.
                 * @function encode
                 * @memberof kruise.bus.v1.RolloutProgress
                 * @static
                 * @param {kruise.bus.v1.RolloutProgress.$Properties} message RolloutProgress message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                RolloutProgress.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.meta != null && $Object.hasOwnProperty.call(message, "meta"))
                        $root.kruise.bus.v1.EventMeta.encode(message.meta, writer.uint32(/* id 1, wireType 2 =*/10).fork(), _depth + 1).ldelim();
                    if (message.workload != null && $Object.hasOwnProperty.call(message, "workload"))
                        $root.kruise.bus.v1.ObjectRef.encode(message.workload, writer.uint32(/* id 2, wireType 2 =*/18).fork(), _depth + 1).ldelim();
                    if (message.generation != null && $Object.hasOwnProperty.call(message, "generation") && (typeof message.generation === "object" ? message.generation.low || message.generation.high : message.generation !== 0))
                        writer.uint32(/* id 3, wireType 0 =*/24).int64(message.generation);
                    if (message.observedGeneration != null && $Object.hasOwnProperty.call(message, "observedGeneration") && (typeof message.observedGeneration === "object" ? message.observedGeneration.low || message.observedGeneration.high : message.observedGeneration !== 0))
                        writer.uint32(/* id 4, wireType 0 =*/32).int64(message.observedGeneration);
                    if (message.updateRevision != null && $Object.hasOwnProperty.call(message, "updateRevision") && message.updateRevision !== "")
                        writer.uint32(/* id 5, wireType 2 =*/42).string(message.updateRevision);
                    if (message.currentRevision != null && $Object.hasOwnProperty.call(message, "currentRevision") && message.currentRevision !== "")
                        writer.uint32(/* id 6, wireType 2 =*/50).string(message.currentRevision);
                    if (message.replicas != null && $Object.hasOwnProperty.call(message, "replicas") && message.replicas !== 0)
                        writer.uint32(/* id 7, wireType 0 =*/56).int32(message.replicas);
                    if (message.updatedReplicas != null && $Object.hasOwnProperty.call(message, "updatedReplicas") && message.updatedReplicas !== 0)
                        writer.uint32(/* id 8, wireType 0 =*/64).int32(message.updatedReplicas);
                    if (message.readyReplicas != null && $Object.hasOwnProperty.call(message, "readyReplicas") && message.readyReplicas !== 0)
                        writer.uint32(/* id 9, wireType 0 =*/72).int32(message.readyReplicas);
                    if (message.availableReplicas != null && $Object.hasOwnProperty.call(message, "availableReplicas") && message.availableReplicas !== 0)
                        writer.uint32(/* id 10, wireType 0 =*/80).int32(message.availableReplicas);
                    if (message.updatedReadyReplicas != null && $Object.hasOwnProperty.call(message, "updatedReadyReplicas") && message.updatedReadyReplicas !== 0)
                        writer.uint32(/* id 11, wireType 0 =*/88).int32(message.updatedReadyReplicas);
                    if (message.updatePartition != null && $Object.hasOwnProperty.call(message, "updatePartition") && message.updatePartition !== 0)
                        writer.uint32(/* id 12, wireType 0 =*/96).int32(message.updatePartition);
                    if (message.phase != null && $Object.hasOwnProperty.call(message, "phase") && message.phase !== 0)
                        writer.uint32(/* id 13, wireType 0 =*/104).int32(message.phase);
                    if (message.reason != null && $Object.hasOwnProperty.call(message, "reason") && message.reason !== "")
                        writer.uint32(/* id 14, wireType 2 =*/114).string(message.reason);
                    if (message.message != null && $Object.hasOwnProperty.call(message, "message") && message.message !== "")
                        writer.uint32(/* id 15, wireType 2 =*/122).string(message.message);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Encodes the specified RolloutProgress message, length delimited. Does not implicitly {@link kruise.bus.v1.RolloutProgress.verify|verify} messages.
                 * @function encodeDelimited
                 * @memberof kruise.bus.v1.RolloutProgress
                 * @static
                 * @param {kruise.bus.v1.RolloutProgress.$Properties} message RolloutProgress message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                RolloutProgress.encodeDelimited = function(message, writer) {
                    return this.encode(message, (writer || $Writer.create()).fork()).ldelim();
                };

                /**
                 * Decodes a RolloutProgress message from the specified reader or buffer.
                 * @function decode
                 * @memberof kruise.bus.v1.RolloutProgress
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {kruise.bus.v1.RolloutProgress & kruise.bus.v1.RolloutProgress.$Shape} RolloutProgress
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                RolloutProgress.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.kruise.bus.v1.RolloutProgress();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                message.meta = $root.kruise.bus.v1.EventMeta.decode(reader, reader.size(), $undefined, _depth + 1, message.meta);
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                message.workload = $root.kruise.bus.v1.ObjectRef.decode(reader, reader.size(), $undefined, _depth + 1, message.workload);
                                continue;
                            }
                        case 3: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.generation = value;
                                else
                                    delete message.generation;
                                continue;
                            }
                        case 4: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                    message.observedGeneration = value;
                                else
                                    delete message.observedGeneration;
                                continue;
                            }
                        case 5: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.updateRevision = value;
                                else
                                    delete message.updateRevision;
                                continue;
                            }
                        case 6: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.currentRevision = value;
                                else
                                    delete message.currentRevision;
                                continue;
                            }
                        case 7: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.int32())
                                    message.replicas = value;
                                else
                                    delete message.replicas;
                                continue;
                            }
                        case 8: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.int32())
                                    message.updatedReplicas = value;
                                else
                                    delete message.updatedReplicas;
                                continue;
                            }
                        case 9: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.int32())
                                    message.readyReplicas = value;
                                else
                                    delete message.readyReplicas;
                                continue;
                            }
                        case 10: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.int32())
                                    message.availableReplicas = value;
                                else
                                    delete message.availableReplicas;
                                continue;
                            }
                        case 11: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.int32())
                                    message.updatedReadyReplicas = value;
                                else
                                    delete message.updatedReadyReplicas;
                                continue;
                            }
                        case 12: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.int32())
                                    message.updatePartition = value;
                                else
                                    delete message.updatePartition;
                                continue;
                            }
                        case 13: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.int32())
                                    message.phase = value;
                                else
                                    delete message.phase;
                                continue;
                            }
                        case 14: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.reason = value;
                                else
                                    delete message.reason;
                                continue;
                            }
                        case 15: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.message = value;
                                else
                                    delete message.message;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Decodes a RolloutProgress message from the specified reader or buffer, length delimited.
                 * @function decodeDelimited
                 * @memberof kruise.bus.v1.RolloutProgress
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @returns {kruise.bus.v1.RolloutProgress & kruise.bus.v1.RolloutProgress.$Shape} RolloutProgress
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                RolloutProgress.decodeDelimited = function(reader) {
                    if (!(reader instanceof $Reader))
                        reader = new $Reader(reader);
                    return this.decode(reader, reader.size());
                };

                /**
                 * Verifies a RolloutProgress message.
                 * @function verify
                 * @memberof kruise.bus.v1.RolloutProgress
                 * @static
                 * @param {Object.<string,*>} message Plain object to verify
                 * @returns {string|null} `null` if valid, otherwise the reason why it is not
                 */
                RolloutProgress.verify = function (message, _depth) {
                    if (typeof message !== "object" || message === null)
                        return "object expected";
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        return "max depth exceeded";
                    if (message.meta != null && $Object.hasOwnProperty.call(message, "meta")) {
                        let error = $root.kruise.bus.v1.EventMeta.verify(message.meta, _depth + 1);
                        if (error)
                            return "meta." + error;
                    }
                    if (message.workload != null && $Object.hasOwnProperty.call(message, "workload")) {
                        let error = $root.kruise.bus.v1.ObjectRef.verify(message.workload, _depth + 1);
                        if (error)
                            return "workload." + error;
                    }
                    if (message.generation != null && $Object.hasOwnProperty.call(message, "generation"))
                        if (!$util.isInteger(message.generation) && !(message.generation && $util.isInteger(message.generation.low) && $util.isInteger(message.generation.high)))
                            return "generation: integer|Long expected";
                    if (message.observedGeneration != null && $Object.hasOwnProperty.call(message, "observedGeneration"))
                        if (!$util.isInteger(message.observedGeneration) && !(message.observedGeneration && $util.isInteger(message.observedGeneration.low) && $util.isInteger(message.observedGeneration.high)))
                            return "observedGeneration: integer|Long expected";
                    if (message.updateRevision != null && $Object.hasOwnProperty.call(message, "updateRevision"))
                        if (!$util.isString(message.updateRevision))
                            return "updateRevision: string expected";
                    if (message.currentRevision != null && $Object.hasOwnProperty.call(message, "currentRevision"))
                        if (!$util.isString(message.currentRevision))
                            return "currentRevision: string expected";
                    if (message.replicas != null && $Object.hasOwnProperty.call(message, "replicas"))
                        if (!$util.isInteger(message.replicas))
                            return "replicas: integer expected";
                    if (message.updatedReplicas != null && $Object.hasOwnProperty.call(message, "updatedReplicas"))
                        if (!$util.isInteger(message.updatedReplicas))
                            return "updatedReplicas: integer expected";
                    if (message.readyReplicas != null && $Object.hasOwnProperty.call(message, "readyReplicas"))
                        if (!$util.isInteger(message.readyReplicas))
                            return "readyReplicas: integer expected";
                    if (message.availableReplicas != null && $Object.hasOwnProperty.call(message, "availableReplicas"))
                        if (!$util.isInteger(message.availableReplicas))
                            return "availableReplicas: integer expected";
                    if (message.updatedReadyReplicas != null && $Object.hasOwnProperty.call(message, "updatedReadyReplicas"))
                        if (!$util.isInteger(message.updatedReadyReplicas))
                            return "updatedReadyReplicas: integer expected";
                    if (message.updatePartition != null && $Object.hasOwnProperty.call(message, "updatePartition"))
                        if (!$util.isInteger(message.updatePartition))
                            return "updatePartition: integer expected";
                    if (message.phase != null && $Object.hasOwnProperty.call(message, "phase"))
                        if (typeof message.phase !== "number" || (message.phase | 0) !== message.phase)
                            return "phase: enum value expected";
                    if (message.reason != null && $Object.hasOwnProperty.call(message, "reason"))
                        if (!$util.isString(message.reason))
                            return "reason: string expected";
                    if (message.message != null && $Object.hasOwnProperty.call(message, "message"))
                        if (!$util.isString(message.message))
                            return "message: string expected";
                    return null;
                };

                /**
                 * Creates a RolloutProgress message from a plain object. Also converts values to their respective internal types.
                 * @function fromObject
                 * @memberof kruise.bus.v1.RolloutProgress
                 * @static
                 * @param {Object.<string,*>} object Plain object
                 * @returns {kruise.bus.v1.RolloutProgress} RolloutProgress
                 */
                RolloutProgress.fromObject = function (object, _depth) {
                    if (object instanceof $root.kruise.bus.v1.RolloutProgress)
                        return object;
                    if (!$util.isObject(object))
                        throw $TypeError(".kruise.bus.v1.RolloutProgress: object expected");
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let message = new $root.kruise.bus.v1.RolloutProgress();
                    if (object.meta != null) {
                        if (!$util.isObject(object.meta))
                            throw $TypeError(".kruise.bus.v1.RolloutProgress.meta: object expected");
                        message.meta = $root.kruise.bus.v1.EventMeta.fromObject(object.meta, _depth + 1);
                    }
                    if (object.workload != null) {
                        if (!$util.isObject(object.workload))
                            throw $TypeError(".kruise.bus.v1.RolloutProgress.workload: object expected");
                        message.workload = $root.kruise.bus.v1.ObjectRef.fromObject(object.workload, _depth + 1);
                    }
                    if (object.generation != null)
                        if (typeof object.generation === "object" ? object.generation.low || object.generation.high : $Number(object.generation) !== 0)
                            if ($util.Long)
                                message.generation = $util.Long.fromValue(object.generation, false);
                            else if (typeof object.generation === "string")
                                message.generation = $parseInt(object.generation, 10);
                            else if (typeof object.generation === "number")
                                message.generation = object.generation;
                            else if (typeof object.generation === "object")
                                message.generation = new $util.LongBits(object.generation.low >>> 0, object.generation.high >>> 0).toNumber();
                    if (object.observedGeneration != null)
                        if (typeof object.observedGeneration === "object" ? object.observedGeneration.low || object.observedGeneration.high : $Number(object.observedGeneration) !== 0)
                            if ($util.Long)
                                message.observedGeneration = $util.Long.fromValue(object.observedGeneration, false);
                            else if (typeof object.observedGeneration === "string")
                                message.observedGeneration = $parseInt(object.observedGeneration, 10);
                            else if (typeof object.observedGeneration === "number")
                                message.observedGeneration = object.observedGeneration;
                            else if (typeof object.observedGeneration === "object")
                                message.observedGeneration = new $util.LongBits(object.observedGeneration.low >>> 0, object.observedGeneration.high >>> 0).toNumber();
                    if (object.updateRevision != null)
                        if (typeof object.updateRevision !== "string" || object.updateRevision.length)
                            message.updateRevision = $String(object.updateRevision);
                    if (object.currentRevision != null)
                        if (typeof object.currentRevision !== "string" || object.currentRevision.length)
                            message.currentRevision = $String(object.currentRevision);
                    if (object.replicas != null)
                        if ($Number(object.replicas) !== 0)
                            message.replicas = object.replicas | 0;
                    if (object.updatedReplicas != null)
                        if ($Number(object.updatedReplicas) !== 0)
                            message.updatedReplicas = object.updatedReplicas | 0;
                    if (object.readyReplicas != null)
                        if ($Number(object.readyReplicas) !== 0)
                            message.readyReplicas = object.readyReplicas | 0;
                    if (object.availableReplicas != null)
                        if ($Number(object.availableReplicas) !== 0)
                            message.availableReplicas = object.availableReplicas | 0;
                    if (object.updatedReadyReplicas != null)
                        if ($Number(object.updatedReadyReplicas) !== 0)
                            message.updatedReadyReplicas = object.updatedReadyReplicas | 0;
                    if (object.updatePartition != null)
                        if ($Number(object.updatePartition) !== 0)
                            message.updatePartition = object.updatePartition | 0;
                    if (object.phase !== 0 && (typeof object.phase !== "string" || $root.kruise.bus.v1.RolloutPhase[object.phase] !== 0))
                        switch (object.phase) {
                        case "ROLLOUT_PHASE_UNSPECIFIED":
                        case 0:
                            message.phase = 0;
                            break;
                        case "ROLLOUT_PHASE_PROGRESSING":
                        case 1:
                            message.phase = 1;
                            break;
                        case "ROLLOUT_PHASE_PAUSED":
                        case 2:
                            message.phase = 2;
                            break;
                        case "ROLLOUT_PHASE_WAITING":
                        case 3:
                            message.phase = 3;
                            break;
                        case "ROLLOUT_PHASE_COMPLETE":
                        case 4:
                            message.phase = 4;
                            break;
                        default:
                            if (typeof object.phase === "number" && (object.phase | 0) === object.phase)
                                message.phase = object.phase;
                        }
                    if (object.reason != null)
                        if (typeof object.reason !== "string" || object.reason.length)
                            message.reason = $String(object.reason);
                    if (object.message != null)
                        if (typeof object.message !== "string" || object.message.length)
                            message.message = $String(object.message);
                    return message;
                };

                /**
                 * Creates a plain object from a RolloutProgress message. Also converts values to other types if specified.
                 * @function toObject
                 * @memberof kruise.bus.v1.RolloutProgress
                 * @static
                 * @param {kruise.bus.v1.RolloutProgress} message RolloutProgress
                 * @param {$protobuf.IConversionOptions} [options] Conversion options
                 * @returns {Object.<string,*>} Plain object
                 */
                RolloutProgress.toObject = function (message, options, _depth) {
                    if (!options)
                        options = {};
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    let object = {};
                    if (options.defaults) {
                        object.meta = null;
                        object.workload = null;
                        if ($util.Long) {
                            let long = new $util.Long(0, 0, false);
                            object.generation = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                        } else
                            object.generation = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                        if ($util.Long) {
                            let long = new $util.Long(0, 0, false);
                            object.observedGeneration = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                        } else
                            object.observedGeneration = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                        object.updateRevision = "";
                        object.currentRevision = "";
                        object.replicas = 0;
                        object.updatedReplicas = 0;
                        object.readyReplicas = 0;
                        object.availableReplicas = 0;
                        object.updatedReadyReplicas = 0;
                        object.updatePartition = 0;
                        object.phase = options.enums === $String ? "ROLLOUT_PHASE_UNSPECIFIED" : 0;
                        object.reason = "";
                        object.message = "";
                    }
                    if (message.meta != null && $Object.hasOwnProperty.call(message, "meta"))
                        object.meta = $root.kruise.bus.v1.EventMeta.toObject(message.meta, options, _depth + 1);
                    if (message.workload != null && $Object.hasOwnProperty.call(message, "workload"))
                        object.workload = $root.kruise.bus.v1.ObjectRef.toObject(message.workload, options, _depth + 1);
                    if (message.generation != null && $Object.hasOwnProperty.call(message, "generation"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.generation = typeof message.generation === "number" ? $BigInt(message.generation) : $util.Long.fromBits(message.generation.low >>> 0, message.generation.high >>> 0, false).toBigInt();
                        else if (typeof message.generation === "number")
                            object.generation = options.longs === $String ? $String(message.generation) : message.generation;
                        else
                            object.generation = options.longs === $String ? $util.Long.prototype.toString.call(message.generation) : options.longs === $Number ? new $util.LongBits(message.generation.low >>> 0, message.generation.high >>> 0).toNumber() : message.generation;
                    if (message.observedGeneration != null && $Object.hasOwnProperty.call(message, "observedGeneration"))
                        if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                            object.observedGeneration = typeof message.observedGeneration === "number" ? $BigInt(message.observedGeneration) : $util.Long.fromBits(message.observedGeneration.low >>> 0, message.observedGeneration.high >>> 0, false).toBigInt();
                        else if (typeof message.observedGeneration === "number")
                            object.observedGeneration = options.longs === $String ? $String(message.observedGeneration) : message.observedGeneration;
                        else
                            object.observedGeneration = options.longs === $String ? $util.Long.prototype.toString.call(message.observedGeneration) : options.longs === $Number ? new $util.LongBits(message.observedGeneration.low >>> 0, message.observedGeneration.high >>> 0).toNumber() : message.observedGeneration;
                    if (message.updateRevision != null && $Object.hasOwnProperty.call(message, "updateRevision"))
                        object.updateRevision = message.updateRevision;
                    if (message.currentRevision != null && $Object.hasOwnProperty.call(message, "currentRevision"))
                        object.currentRevision = message.currentRevision;
                    if (message.replicas != null && $Object.hasOwnProperty.call(message, "replicas"))
                        object.replicas = message.replicas;
                    if (message.updatedReplicas != null && $Object.hasOwnProperty.call(message, "updatedReplicas"))
                        object.updatedReplicas = message.updatedReplicas;
                    if (message.readyReplicas != null && $Object.hasOwnProperty.call(message, "readyReplicas"))
                        object.readyReplicas = message.readyReplicas;
                    if (message.availableReplicas != null && $Object.hasOwnProperty.call(message, "availableReplicas"))
                        object.availableReplicas = message.availableReplicas;
                    if (message.updatedReadyReplicas != null && $Object.hasOwnProperty.call(message, "updatedReadyReplicas"))
                        object.updatedReadyReplicas = message.updatedReadyReplicas;
                    if (message.updatePartition != null && $Object.hasOwnProperty.call(message, "updatePartition"))
                        object.updatePartition = message.updatePartition;
                    if (message.phase != null && $Object.hasOwnProperty.call(message, "phase"))
                        object.phase = options.enums === $String ? $root.kruise.bus.v1.RolloutPhase[message.phase] === $undefined ? message.phase : $root.kruise.bus.v1.RolloutPhase[message.phase] : message.phase;
                    if (message.reason != null && $Object.hasOwnProperty.call(message, "reason"))
                        object.reason = message.reason;
                    if (message.message != null && $Object.hasOwnProperty.call(message, "message"))
                        object.message = message.message;
                    return object;
                };

                /**
                 * Converts this RolloutProgress to JSON.
                 * @function toJSON
                 * @memberof kruise.bus.v1.RolloutProgress
                 * @instance
                 * @returns {Object.<string,*>} JSON object
                 */
                RolloutProgress.prototype.toJSON = function() {
                    return RolloutProgress.toObject(this, $protobuf.util.toJSONOptions);
                };

                /**
                 * Gets the type url for RolloutProgress
                 * @function getTypeUrl
                 * @memberof kruise.bus.v1.RolloutProgress
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                RolloutProgress.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/kruise.bus.v1.RolloutProgress";
                };

                return RolloutProgress;
            })();

            return v1;
        })();

        return bus;
    })();

    return kruise;
})();

export const google = $root.google = (() => {

    /**
     * Namespace google.
     * @exports google
     * @namespace
     */
    const google = {};

    google.protobuf = (function() {

        /**
         * Namespace protobuf.
         * @memberof google
         * @namespace
         */
        const protobuf = {};

        protobuf.Timestamp = (function() {

            /**
             * Properties of a Timestamp.
             * @typedef {Object} google.protobuf.Timestamp.$Properties
             * @property {number|null} [seconds] Timestamp seconds
             * @property {number|null} [nanos] Timestamp nanos
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a Timestamp.
             * @memberof google.protobuf
             * @interface ITimestamp
             * @augments google.protobuf.Timestamp.$Properties
             * @deprecated Use google.protobuf.Timestamp.$Properties instead.
             */

            /**
             * Shape of a Timestamp.
             * @typedef {google.protobuf.Timestamp.$Properties} google.protobuf.Timestamp.$Shape
             */

            /**
             * Constructs a new Timestamp.
             * @memberof google.protobuf
             * @classdesc Represents a Timestamp.
             * @constructor
             * @param {google.protobuf.Timestamp.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Timestamp = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * Timestamp seconds.
             * @member {number} seconds
             * @memberof google.protobuf.Timestamp
             * @instance
             */
            Timestamp.prototype.seconds = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

            /**
             * Timestamp nanos.
             * @member {number} nanos
             * @memberof google.protobuf.Timestamp
             * @instance
             */
            Timestamp.prototype.nanos = 0;

            /**
             * Creates a new Timestamp instance using the specified properties.
             * @function create
             * @memberof google.protobuf.Timestamp
             * @static
             * @param {google.protobuf.Timestamp.$Properties=} [properties] Properties to set
             * @returns {google.protobuf.Timestamp} Timestamp instance
             * @type {{
             *   (properties: google.protobuf.Timestamp.$Shape): google.protobuf.Timestamp & google.protobuf.Timestamp.$Shape;
             *   (properties?: google.protobuf.Timestamp.$Properties): google.protobuf.Timestamp;
             * }}
             */
            Timestamp.create = function(properties) {
                return new Timestamp(properties);
            };

            /**
             * Encodes the specified Timestamp message. Does not implicitly {@link google.protobuf.Timestamp.verify|verify} messages.
             * @function encode
             * @memberof google.protobuf.Timestamp
             * @static
             * @param {google.protobuf.Timestamp.$Properties} message Timestamp message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Timestamp.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.seconds != null && $Object.hasOwnProperty.call(message, "seconds") && (typeof message.seconds === "object" ? message.seconds.low || message.seconds.high : message.seconds !== 0))
                    writer.uint32(/* id 1, wireType 0 =*/8).int64(message.seconds);
                if (message.nanos != null && $Object.hasOwnProperty.call(message, "nanos") && message.nanos !== 0)
                    writer.uint32(/* id 2, wireType 0 =*/16).int32(message.nanos);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Encodes the specified Timestamp message, length delimited. Does not implicitly {@link google.protobuf.Timestamp.verify|verify} messages.
             * @function encodeDelimited
             * @memberof google.protobuf.Timestamp
             * @static
             * @param {google.protobuf.Timestamp.$Properties} message Timestamp message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Timestamp.encodeDelimited = function(message, writer) {
                return this.encode(message, (writer || $Writer.create()).fork()).ldelim();
            };

            /**
             * Decodes a Timestamp message from the specified reader or buffer.
             * @function decode
             * @memberof google.protobuf.Timestamp
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {google.protobuf.Timestamp & google.protobuf.Timestamp.$Shape} Timestamp
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Timestamp.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.google.protobuf.Timestamp();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 0)
                                break;
                            if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                                message.seconds = value;
                            else
                                delete message.seconds;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.int32())
                                message.nanos = value;
                            else
                                delete message.nanos;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            /**
             * Decodes a Timestamp message from the specified reader or buffer, length delimited.
             * @function decodeDelimited
             * @memberof google.protobuf.Timestamp
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @returns {google.protobuf.Timestamp & google.protobuf.Timestamp.$Shape} Timestamp
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Timestamp.decodeDelimited = function(reader) {
                if (!(reader instanceof $Reader))
                    reader = new $Reader(reader);
                return this.decode(reader, reader.size());
            };

            /**
             * Verifies a Timestamp message.
             * @function verify
             * @memberof google.protobuf.Timestamp
             * @static
             * @param {Object.<string,*>} message Plain object to verify
             * @returns {string|null} `null` if valid, otherwise the reason why it is not
             */
            Timestamp.verify = function (message, _depth) {
                if (typeof message !== "object" || message === null)
                    return "object expected";
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    return "max depth exceeded";
                if (message.seconds != null && $Object.hasOwnProperty.call(message, "seconds"))
                    if (!$util.isInteger(message.seconds) && !(message.seconds && $util.isInteger(message.seconds.low) && $util.isInteger(message.seconds.high)))
                        return "seconds: integer|Long expected";
                if (message.nanos != null && $Object.hasOwnProperty.call(message, "nanos"))
                    if (!$util.isInteger(message.nanos))
                        return "nanos: integer expected";
                return null;
            };

            /**
             * Creates a Timestamp message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof google.protobuf.Timestamp
             * @static
             * @param {Object.<string,*>} object Plain object
             * @returns {google.protobuf.Timestamp} Timestamp
             */
            Timestamp.fromObject = function (object, _depth) {
                if (object instanceof $root.google.protobuf.Timestamp)
                    return object;
                if (!$util.isObject(object))
                    throw $TypeError(".google.protobuf.Timestamp: object expected");
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                let message = new $root.google.protobuf.Timestamp();
                if (object.seconds != null)
                    if (typeof object.seconds === "object" ? object.seconds.low || object.seconds.high : $Number(object.seconds) !== 0)
                        if ($util.Long)
                            message.seconds = $util.Long.fromValue(object.seconds, false);
                        else if (typeof object.seconds === "string")
                            message.seconds = $parseInt(object.seconds, 10);
                        else if (typeof object.seconds === "number")
                            message.seconds = object.seconds;
                        else if (typeof object.seconds === "object")
                            message.seconds = new $util.LongBits(object.seconds.low >>> 0, object.seconds.high >>> 0).toNumber();
                if (object.nanos != null)
                    if ($Number(object.nanos) !== 0)
                        message.nanos = object.nanos | 0;
                return message;
            };

            /**
             * Creates a plain object from a Timestamp message. Also converts values to other types if specified.
             * @function toObject
             * @memberof google.protobuf.Timestamp
             * @static
             * @param {google.protobuf.Timestamp} message Timestamp
             * @param {$protobuf.IConversionOptions} [options] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            Timestamp.toObject = function (message, options, _depth) {
                if (!options)
                    options = {};
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                let object = {};
                if (options.defaults) {
                    if ($util.Long) {
                        let long = new $util.Long(0, 0, false);
                        object.seconds = options.longs === $String ? long.toString() : options.longs === $Number ? long.toNumber() : typeof $BigInt !== "undefined" && options.longs === $BigInt ? long.toBigInt() : long;
                    } else
                        object.seconds = options.longs === $String ? "0" : typeof $BigInt !== "undefined" && options.longs === $BigInt ? $BigInt("0") : 0;
                    object.nanos = 0;
                }
                if (message.seconds != null && $Object.hasOwnProperty.call(message, "seconds"))
                    if (typeof $BigInt !== "undefined" && options.longs === $BigInt)
                        object.seconds = typeof message.seconds === "number" ? $BigInt(message.seconds) : $util.Long.fromBits(message.seconds.low >>> 0, message.seconds.high >>> 0, false).toBigInt();
                    else if (typeof message.seconds === "number")
                        object.seconds = options.longs === $String ? $String(message.seconds) : message.seconds;
                    else
                        object.seconds = options.longs === $String ? $util.Long.prototype.toString.call(message.seconds) : options.longs === $Number ? new $util.LongBits(message.seconds.low >>> 0, message.seconds.high >>> 0).toNumber() : message.seconds;
                if (message.nanos != null && $Object.hasOwnProperty.call(message, "nanos"))
                    object.nanos = message.nanos;
                return object;
            };

            /**
             * Converts this Timestamp to JSON.
             * @function toJSON
             * @memberof google.protobuf.Timestamp
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            Timestamp.prototype.toJSON = function() {
                return Timestamp.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for Timestamp
             * @function getTypeUrl
             * @memberof google.protobuf.Timestamp
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            Timestamp.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/google.protobuf.Timestamp";
            };

            return Timestamp;
        })();

        return protobuf;
    })();

    return google;
})();

export {
  $root as default
};
