// deploy/kubernetes from the catalog: a kustomize base (every service with both probes, resources from
// measured memory, a restricted securityContext, a Service, an HPA and a PDB; an in-cluster Redis whose
// password comes from a Secret; an Ingress routing every OpenAPI path unchanged) and a production
// overlay (at least two replicas of each, one disruption at a time, an external Redis, an Ingress that
// publishes only the operations, the OpenAPI document, /docs and /mcp, over TLS). NetworkPolicies in
// both: Redis is reached only by the services, the services only by the ingress controller and the
// monitoring namespace.
import { DRAIN, REDIS_IMAGE, WORKER_THREADS } from './catalog.mjs';

const PART_OF = 'developer-utility-services';
/** The `node` user of the official Node images. */
const NODE_UID = 1000;
const REDIS_UID = 999;
const labels = (name, component) => ({
  'app.kubernetes.io/name': name,
  'app.kubernetes.io/component': component,
  'app.kubernetes.io/part-of': PART_OF,
});
const selector = (name) => ({ 'app.kubernetes.io/name': name });

/** Pod Security "restricted", for a pod and its containers. */
const podSecurity = (uid) => ({
  runAsNonRoot: true,
  runAsUser: uid,
  runAsGroup: uid,
  fsGroup: uid,
  seccompProfile: { type: 'RuntimeDefault' },
});
const containerSecurity = {
  allowPrivilegeEscalation: false,
  readOnlyRootFilesystem: true,
  capabilities: { drop: ['ALL'] },
};

/** Seconds the kubelet waits after SIGTERM: the whole drain, and five more. */
export const TERMINATION_GRACE_S = Math.ceil((DRAIN.shutdownDelayMs + DRAIN.shutdownGraceMs) / 1000) + 5;

function deployment(service) {
  const { name, port, basePath, resources } = service;
  const probe = (path, periodSeconds, failureThreshold) => ({
    httpGet: { path: `${basePath}${path}`, port: 'http' },
    periodSeconds,
    timeoutSeconds: 2,
    failureThreshold,
  });
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, labels: labels(name, 'api') },
    spec: {
      selector: { matchLabels: selector(name) },
      template: {
        metadata: { labels: labels(name, 'api') },
        spec: {
          terminationGracePeriodSeconds: TERMINATION_GRACE_S,
          automountServiceAccountToken: false,
          securityContext: podSecurity(NODE_UID),
          containers: [
            {
              name,
              image: `dus/${name}:${service.version}`,
              ports: [{ name: 'http', containerPort: port }],
              envFrom: [{ configMapRef: { name: 'dus-shared' } }],
              env: [
                // Kept first and second: the production overlay replaces them by index.
                {
                  name: 'REDIS_PASSWORD',
                  valueFrom: { secretKeyRef: { name: 'dus-redis', key: 'password' } },
                },
                { name: 'REDIS_URL', value: 'redis://:$(REDIS_PASSWORD)@dus-redis:6379' },
                { name: 'PORT', value: String(port) },
                { name: 'MAX_HEAP_MB', value: String(resources.heapMb) },
              ],
              startupProbe: probe('/livez', 1, 30),
              livenessProbe: probe('/livez', 10, 3),
              readinessProbe: probe('/readyz', 5, 1),
              resources: {
                requests: { cpu: '100m', memory: `${resources.requestMi}Mi` },
                limits: { memory: `${resources.limitMi}Mi` },
              },
              securityContext: containerSecurity,
              volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }],
            },
          ],
          volumes: [{ name: 'tmp', emptyDir: { sizeLimit: '64Mi' } }],
        },
      },
    },
  };
}

const serviceObject = (name, port, component) => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name, labels: labels(name, component) },
  spec: { selector: selector(name), ports: [{ name: 'http', port, targetPort: port }] },
});

const autoscaler = (name) => ({
  apiVersion: 'autoscaling/v2',
  kind: 'HorizontalPodAutoscaler',
  metadata: { name, labels: labels(name, 'api') },
  spec: {
    scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name },
    minReplicas: 1,
    maxReplicas: 4,
    metrics: [
      {
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } },
      },
    ],
  },
});

const disruptionBudget = (name) => ({
  apiVersion: 'policy/v1',
  kind: 'PodDisruptionBudget',
  metadata: { name, labels: labels(name, 'api') },
  spec: { maxUnavailable: 1, selector: { matchLabels: selector(name) } },
});

/** One file per service: its Deployment, Service, HPA and PDB. */
export const serviceFile = (service) => [
  deployment(service),
  serviceObject(service.name, service.port, 'api'),
  autoscaler(service.name),
  disruptionBudget(service.name),
];

export const sharedConfig = () => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'dus-shared', labels: { 'app.kubernetes.io/part-of': PART_OF } },
  data: {
    HOST: '0.0.0.0',
    LOG_LEVEL: 'info',
    SHUTDOWN_DELAY_MS: String(DRAIN.shutdownDelayMs),
    SHUTDOWN_GRACE_MS: String(DRAIN.shutdownGraceMs),
    // A pod has the CPU of its request, not the node's: one worker thread, two heavy calls at once.
    WORKER_THREADS: String(WORKER_THREADS),
    MAX_HEAVY_INFLIGHT: '2',
    // The ingress controller's pod network: X-Forwarded-For is believed from there only.
    TRUSTED_PROXIES: '10.0.0.0/8',
    RATE_LIMIT_STORE: 'fail_open',
  },
});

/** The in-cluster Redis of the base: rate-limit state only, password from the `dus-redis` Secret. */
export const redisFile = () => [
  {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: 'dus-redis', labels: labels('dus-redis', 'rate-limit-store') },
    type: 'Opaque',
    // For a development cluster only: the production overlay deletes this Secret and the Redis below.
    stringData: { password: 'dus-dev-only-change-me' },
  },
  {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'dus-redis', labels: labels('dus-redis', 'rate-limit-store') },
    spec: {
      selector: { matchLabels: selector('dus-redis') },
      template: {
        metadata: { labels: labels('dus-redis', 'rate-limit-store') },
        spec: {
          automountServiceAccountToken: false,
          securityContext: podSecurity(REDIS_UID),
          containers: [
            {
              name: 'redis',
              image: REDIS_IMAGE,
              args: ['--requirepass', '$(REDIS_PASSWORD)', '--save', '', '--appendonly', 'no'],
              env: [
                {
                  name: 'REDIS_PASSWORD',
                  valueFrom: { secretKeyRef: { name: 'dus-redis', key: 'password' } },
                },
              ],
              ports: [{ name: 'redis', containerPort: 6379 }],
              readinessProbe: { tcpSocket: { port: 'redis' }, periodSeconds: 5 },
              resources: { requests: { cpu: '50m', memory: '64Mi' }, limits: { memory: '256Mi' } },
              securityContext: containerSecurity,
              volumeMounts: [{ name: 'data', mountPath: '/data' }],
            },
          ],
          volumes: [{ name: 'data', emptyDir: { sizeLimit: '64Mi' } }],
        },
      },
    },
  },
  {
    ...serviceObject('dus-redis', 6379, 'rate-limit-store'),
    spec: { selector: selector('dus-redis'), ports: [{ name: 'redis', port: 6379, targetPort: 'redis' }] },
  },
];

/** One host per service; every OpenAPI path of it is routed unchanged, by its first segment. */
export const ingress = (catalog, domain) => ({
  apiVersion: 'networking.k8s.io/v1',
  kind: 'Ingress',
  metadata: { name: 'dus', labels: { 'app.kubernetes.io/part-of': PART_OF } },
  spec: {
    rules: catalog.map((service) => ({
      host: `${service.name}.${domain}`,
      http: {
        paths: service.routes.map(({ path, pathType }) => ({
          path,
          pathType,
          backend: { service: { name: service.name, port: { name: 'http' } } },
        })),
      },
    })),
  },
});

/**
 * Where the cluster's ingress controller and Prometheus run (the namespaces' standard
 * `kubernetes.io/metadata.name` label), and the controller's IngressClass: set yours here.
 */
export const CLUSTER = {
  ingressNamespace: 'ingress-nginx',
  ingressClass: 'nginx',
  monitoringNamespace: 'monitoring',
};

const fromNamespace = (name) => ({
  namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': name } },
});

/**
 * Ingress rules only (egress stays open: DNS, Redis, an OTLP collector). The services accept
 * connections from the ingress controller and from the monitoring namespace (Prometheus scraping
 * `<base>/metrics`), nothing else; Redis only from the services. (The kubelet's probes come from the
 * node, which NetworkPolicies leave through.)
 */
export const networkPolicies = () => [
  {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: { name: 'dus-api', labels: { 'app.kubernetes.io/part-of': PART_OF } },
    spec: {
      podSelector: {
        matchLabels: { 'app.kubernetes.io/part-of': PART_OF, 'app.kubernetes.io/component': 'api' },
      },
      policyTypes: ['Ingress'],
      ingress: [
        {
          from: [fromNamespace(CLUSTER.ingressNamespace), fromNamespace(CLUSTER.monitoringNamespace)],
          ports: [{ protocol: 'TCP', port: 'http' }],
        },
      ],
    },
  },
  {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: { name: 'dus-redis', labels: labels('dus-redis', 'rate-limit-store') },
    spec: {
      podSelector: { matchLabels: selector('dus-redis') },
      policyTypes: ['Ingress'],
      ingress: [
        {
          from: [
            {
              podSelector: {
                matchLabels: { 'app.kubernetes.io/part-of': PART_OF, 'app.kubernetes.io/component': 'api' },
              },
            },
          ],
          ports: [{ protocol: 'TCP', port: 'redis' }],
        },
      ],
    },
  },
];

/** The production Ingress's spec: TLS on every host, each routing only its public paths. */
const productionIngressSpec = (catalog, domain) => ({
  ingressClassName: CLUSTER.ingressClass,
  tls: [{ hosts: catalog.map((service) => `${service.name}.${domain}`), secretName: 'dus-tls' }],
  rules: catalog.map((service) => ({
    host: `${service.name}.${domain}`,
    http: {
      paths: service.publicPaths.map(({ path, pathType }) => ({
        path,
        pathType,
        backend: { service: { name: service.name, port: { name: 'http' } } },
      })),
    },
  })),
});

export const baseKustomization = (catalog) => ({
  apiVersion: 'kustomize.config.k8s.io/v1beta1',
  kind: 'Kustomization',
  resources: [
    'shared.yaml',
    'redis.yaml',
    ...catalog.map((service) => `${service.name}.yaml`),
    'ingress.yaml',
    'network-policies.yaml',
  ],
});

/**
 * Production: every service twice at least, an external Redis (Secret `dus-redis-external`, key `url`),
 * the Ingress on the class `CLUSTER.ingressClass` with TLS (Secret `dus-tls`) routing only public paths.
 */
export const productionKustomization = (catalog, domain) => ({
  apiVersion: 'kustomize.config.k8s.io/v1beta1',
  kind: 'Kustomization',
  resources: ['../../base'],
  images: catalog.map((service) => ({
    name: `dus/${service.name}`,
    newName: `registry.example.com/dus/${service.name}`,
    newTag: service.version,
  })),
  patches: [
    {
      target: { kind: 'HorizontalPodAutoscaler', labelSelector: 'app.kubernetes.io/component=api' },
      patch: JSON.stringify([
        { op: 'replace', path: '/spec/minReplicas', value: 2 },
        { op: 'replace', path: '/spec/maxReplicas', value: 10 },
      ]),
    },
    {
      target: { kind: 'Deployment', labelSelector: 'app.kubernetes.io/component=api' },
      patch: JSON.stringify([
        { op: 'replace', path: '/spec/template/spec/containers/0/env/1', value: EXTERNAL_REDIS_URL },
        { op: 'remove', path: '/spec/template/spec/containers/0/env/0' },
      ]),
    },
    {
      target: { kind: 'Ingress', name: 'dus' },
      patch: JSON.stringify(
        Object.entries(productionIngressSpec(catalog, domain)).map(([key, value]) => ({
          op: 'add',
          path: `/spec/${key}`,
          value,
        })),
      ),
    },
    ...['Deployment', 'Service', 'Secret', 'NetworkPolicy'].map((kind) => ({
      patch: JSON.stringify({
        $patch: 'delete',
        apiVersion: { Deployment: 'apps/v1', NetworkPolicy: 'networking.k8s.io/v1' }[kind] ?? 'v1',
        kind,
        metadata: { name: 'dus-redis' },
      }),
    })),
  ],
});

const EXTERNAL_REDIS_URL = {
  name: 'REDIS_URL',
  valueFrom: { secretKeyRef: { name: 'dus-redis-external', key: 'url' } },
};
