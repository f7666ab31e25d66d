// A tiny Ruby client for `check --execute`, generated from content/api/ruby-client.yaml
// and the OpenAPI document: it stands in for the documented gem (`require "moorlink"`)
// and sends each declared call to the mock API, the way the ruby-client.yaml header
// describes the gem (path parameters and attributes as snake_case keywords, paging as
// page_limit:/page_after:/page_before:, JSON bodies wrapped in data). Answers come back
// as objects whose methods are the attributes in snake_case; lists are Enumerable; a
// refused request raises <Namespace>::Error with status and errors.
import { bodyFields, isJsonMediaType, type ApiModel, type Operation, operationOf } from '../api/openapi.js';
import type { ApiKeyPlace } from '../api/auth.js';
import { snakeCase } from './requests.js';
import type { RubyClient } from './ruby-client.js';

interface CallSpec {
  method: string;
  path: string;
  /** Path parameter name -> its keyword. */
  pathParams: Record<string, string>;
  /** Keyword -> query parameter name. */
  query: Record<string, string>;
  body: 'json' | 'form' | null;
  /** The documented media type of the body. */
  contentType: string | null;
  /** JSON:API resource type of a wrapped body. */
  type: string | null;
  wrapped: boolean;
  /** Form fields with one possible value, filled in when not given (grant_type). */
  constants: Record<string, unknown>;
  auth: Operation['auth'];
  /** The header, query parameter or cookie of an API key (auth "apiKey"). */
  apiKey: ApiKeyPlace | null;
}

const PAGING: Record<string, string> = { 'page[limit]': 'page_limit', 'page[before]': 'page_before', 'page[after]': 'page_after' };

function callSpec(operation: Operation): CallSpec {
  const fields = bodyFields(operation);
  const typeSchema = operation.requestBody?.schema.properties?.data?.properties?.type;
  const constants: Record<string, unknown> = {};
  if (fields && operation.requestBody && !isJsonMediaType(operation.requestBody.mediaType)) {
    for (const [name, schema] of Object.entries(fields.schema.properties ?? {})) {
      const only = schema.const !== undefined ? [schema.const] : schema.enum;
      if (only?.length === 1 && fields.schema.required?.includes(name)) constants[name] = only[0];
    }
  }
  return {
    method: operation.method.toUpperCase(),
    path: operation.path,
    pathParams: Object.fromEntries(operation.parameters.filter((p) => p.in === 'path').map((p) => [p.name, snakeCase(p.name)])),
    query: Object.fromEntries(operation.parameters.filter((p) => p.in === 'query').map((p) => [PAGING[p.name] ?? snakeCase(p.name), p.name])),
    body: operation.requestBody ? (isJsonMediaType(operation.requestBody.mediaType) ? 'json' : 'form') : null,
    contentType: operation.requestBody?.mediaType ?? null,
    type: (typeSchema?.const as string | undefined) ?? (typeSchema?.enum?.[0] as string | undefined) ?? null,
    wrapped: fields?.wrapped ?? false,
    constants,
    auth: operation.auth,
    apiKey: operation.apiKey ?? null,
  };
}

/** Ruby source of the client; `require` it as the client's require name. */
export function rubyStubClient(client: RubyClient, api: ApiModel): string {
  const calls: Record<string, CallSpec> = {};
  for (const [operationId, call] of Object.entries(client.calls)) {
    const operation = operationOf(api, operationId);
    if (operation) calls[call] = callSpec(operation);
  }
  const classParts = client.client.class.split('::');
  const namespace = classParts.slice(0, -1);
  const errorClass = [...namespace, 'Error'].join('::');
  // Calls on a constant (Moorlink::AccessToken.create): a class method each.
  const constantCalls = Object.keys(calls).filter((c) => !c.startsWith('client.') && /^[A-Z][\w:]*\.[a-z_]\w*$/.test(c));
  const definitions = [
    defineConstant(classParts, [
      `def initialize(**arguments)`,
      `  @bearer = "Bearer #{arguments.fetch(:${/^[a-z_]\w*$/.test(client.client.arguments[0] ?? '') ? client.client.arguments[0] : 'access_token'})}"`,
      `end`,
      ``,
      `def method_missing(name, *args, **kwargs, &block)`,
      `  BankdocsStub.dispatch("client.#{name}", kwargs, @bearer) { super }`,
      `end`,
      ``,
      `def respond_to_missing?(name, include_private = false)`,
      `  BankdocsStub.known?("client.#{name}") || super`,
      `end`,
    ]),
    defineConstant([...namespace, 'Error'], [
      `attr_reader :status, :errors`,
      ``,
      `def initialize(status, errors)`,
      `  @status = status`,
      `  @errors = errors`,
      `  super("#{status} " + errors.map { |e| "#{e.code}: #{e.detail}" }.join("; "))`,
      `end`,
    ], 'StandardError'),
    ...constantCalls.map((call) => {
      const [receiver, method] = [call.slice(0, call.lastIndexOf('.')), call.slice(call.lastIndexOf('.') + 1)];
      return defineConstant(receiver.split('::'), [`def self.${method}(**kwargs)`, `  BankdocsStub.dispatch(${JSON.stringify(call)}, kwargs, nil)`, `end`]);
    }),
  ];
  return `${RUNTIME.replace('__ERROR_CLASS__', errorClass).replace('__CALLS__', JSON.stringify(calls, null, 2))}\n${definitions.join('\n\n')}\n`;
}

function defineConstant(parts: string[], body: string[], superclass?: string): string {
  const opening = parts.map((part, i) => `${'  '.repeat(i)}${i === parts.length - 1 ? `class ${part}${superclass ? ` < ${superclass}` : ''}` : `module ${part}`}`);
  const indent = '  '.repeat(parts.length);
  const closing = parts.map((_, i) => `${'  '.repeat(parts.length - 1 - i)}end`);
  return [...opening, ...body.map((line) => (line ? `${indent}${line}` : '')), ...closing].join('\n');
}

const RUNTIME = String.raw`# Generated by bankdocs check --execute from ruby-client.yaml: a stand-in for the
# documented client that sends each call to the mock API. Not the real gem.
require "json"
require "net/http"
require "uri"

module BankdocsStub
  CALLS = JSON.parse(<<~'CALLS')
    __CALLS__
  CALLS

  def self.known?(path)
    CALLS.key?(path) || CALLS.keys.any? { |call| call.start_with?("#{path}.") }
  end

  def self.dispatch(path, kwargs, auth)
    return request(CALLS[path], kwargs.dup, auth) if CALLS.key?(path)
    return CallPath.new(path, auth) if known?(path)
    yield
  end

  def self.camel(name)
    name.to_s.gsub(/_([a-z0-9])/) { Regexp.last_match(1).upcase }
  end

  def self.camelize(value)
    case value
    when Hash then value.each_with_object({}) { |(k, v), out| out[camel(k)] = camelize(v) }
    when Array then value.map { |v| camelize(v) }
    else value
    end
  end

  def self.escape(value)
    value.to_s.b.gsub(/[^A-Za-z0-9\-._~]/) { |c| format("%%%02X", c.ord) }
  end

  def self.request(spec, args, auth)
    path = spec["path"].gsub(/\{([^}]+)\}/) do
      keyword = spec["pathParams"].fetch(Regexp.last_match(1)).to_sym
      raise ArgumentError, "missing keyword: :#{keyword}" unless args.key?(keyword)
      escape(args.delete(keyword))
    end
    query = {}
    spec["query"].each { |keyword, name| query[name] = args.delete(keyword.to_sym) if args.key?(keyword.to_sym) }
    query[spec["apiKey"]["name"]] = auth.to_s.sub(/\ABearer /, "") if spec["auth"] == "apiKey" && spec["apiKey"] && spec["apiKey"]["in"] == "query"
    if spec["auth"] == "basic"
      id = args.delete(:client_id)
      secret = args.delete(:client_secret)
      auth = "Basic " + ["#{id}:#{secret}"].pack("m0")
    end
    uri = URI(ENV.fetch("BANKDOCS_MOCK_URL") + path)
    uri.query = URI.encode_www_form(query) unless query.empty?
    request = Net::HTTP.const_get(spec["method"].capitalize).new(uri)
    request["Accept"] = "application/json"
    if spec["auth"] == "apiKey" && spec["apiKey"]
      # The client's credential is the key itself: sent where the API's scheme says.
      key = auth.to_s.sub(/\ABearer /, "")
      case spec["apiKey"]["in"]
      when "header" then request[spec["apiKey"]["name"]] = key
      when "cookie" then request["Cookie"] = "#{spec["apiKey"]["name"]}=#{key}"
      end
    elsif auth
      request["Authorization"] = auth
    end
    request["X-Bankdocs-Example"] = ENV["BANKDOCS_EXAMPLE"] if ENV["BANKDOCS_EXAMPLE"]
    case spec["body"]
    when "json"
      attributes = camelize(args)
      request["Content-Type"] = spec["contentType"]
      request.body = JSON.generate(spec["wrapped"] ? { "data" => { "type" => spec["type"], "attributes" => attributes } } : attributes)
    when "form"
      request["Content-Type"] = "application/x-www-form-urlencoded"
      request.body = URI.encode_www_form(spec["constants"].merge(args.transform_keys(&:to_s)))
    else
      raise ArgumentError, "unknown keywords: #{args.keys.map { |k| ":#{k}" }.join(", ")}" unless args.empty?
    end
    # No proxy (nil): the stub talks to the mock on this machine only.
    response = Net::HTTP.start(uri.host, uri.port, nil, nil, nil, nil, open_timeout: 5, read_timeout: 10) { |http| http.request(request) }
    body = response.body.to_s.empty? ? nil : JSON.parse(response.body)
    status = response.code.to_i
    raise __ERROR_CLASS__.new(status, Value.wrap((body || {})["errors"] || [])) if status >= 400
    answer(body)
  end

  def self.answer(body)
    return nil if body.nil?
    return List.new(body) if body.is_a?(Hash) && body["data"].is_a?(Array)
    return Resource.new(body["data"]) if body.is_a?(Hash) && body["data"].is_a?(Hash)
    Value.wrap(body)
  end

  # client.payments, client.sandbox.financial_institutions: one step of a call's name.
  class CallPath
    def initialize(path, auth)
      @path = path
      @auth = auth
    end

    def method_missing(name, *args, **kwargs, &block)
      BankdocsStub.dispatch("#{@path}.#{name}", kwargs, @auth) { super }
    end

    def respond_to_missing?(name, include_private = false)
      BankdocsStub.known?("#{@path}.#{name}") || super
    end
  end

  # A JSON object: its keys as methods, in snake_case or as written.
  class Value
    def self.wrap(raw)
      case raw
      when Hash then Value.new(raw)
      when Array then raw.map { |v| wrap(v) }
      else raw
      end
    end

    def initialize(raw)
      @raw = raw
    end

    def to_h
      @raw
    end

    def [](key)
      Value.wrap(@raw[key.to_s])
    end

    def to_s
      JSON.generate(@raw)
    end

    # Short, so that an error message names the object, not all of it.
    def inspect
      "#<object with #{@raw.keys.first(6).join(", ")}#{@raw.size > 6 ? ", …" : ""}>"
    end

    def method_missing(name, *args, &block)
      key = key_for(name)
      return super if key.nil? || !args.empty?
      Value.wrap(@raw[key])
    end

    def respond_to_missing?(name, include_private = false)
      !key_for(name).nil? || super
    end

    private

    def key_for(name)
      [name.to_s, BankdocsStub.camel(name)].find { |k| @raw.key?(k) }
    end
  end

  # A JSON:API resource: its attributes, then id, type, links, relationships and meta.
  class Resource < Value
    def inspect
      "#<#{@raw["type"]} #{@raw["id"]}>"
    end

    def method_missing(name, *args, &block)
      key = attribute_key(name)
      return Value.wrap(@raw["attributes"][key]) if key && args.empty?
      super
    end

    def respond_to_missing?(name, include_private = false)
      !attribute_key(name).nil? || super
    end

    private

    def attribute_key(name)
      attributes = @raw["attributes"]
      return nil unless attributes.is_a?(Hash)
      [name.to_s, BankdocsStub.camel(name)].find { |k| attributes.key?(k) }
    end
  end

  # A page of a list: Enumerable over its resources, with links and meta.
  class List
    include Enumerable
    attr_reader :links, :meta

    def initialize(raw)
      @items = raw["data"].map { |item| item.is_a?(Hash) ? Resource.new(item) : item }
      @links = Value.wrap(raw["links"] || {})
      @meta = Value.wrap(raw["meta"] || {})
    end

    def each(&block)
      return enum_for(:each) unless block
      @items.each(&block)
      self
    end

    def last
      @items.last
    end

    def size
      @items.size
    end

    def [](index)
      @items[index]
    end

    def inspect
      "#<list of #{@items.size}>"
    end
  end
end`;
